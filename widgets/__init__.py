"""Jupyter widgets for Pinochle Tutor.

This directory is installed under the import name ``pinochle_widgets`` (see the
``package-dir`` mapping in ``pyproject.toml``); import it as ``pinochle_widgets``,
never as ``widgets``. The components here are built on ipywidgets and draw on the
``pinochle_tutor`` engine, which itself imports nothing from Jupyter. Widgets hold
no rules: every decision and every sentence they show comes from the engine.

Each component is imported on first use, so a lesson page loads only what it shows.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pinochle_widgets._base import Message
    from pinochle_widgets.bidding_trainer import BiddingTrainer
    from pinochle_widgets.cards import CardsView, HandPicker
    from pinochle_widgets.classmates import ClassmatesTable
    from pinochle_widgets.game_table import GameTable
    from pinochle_widgets.identity import LearnerCard
    from pinochle_widgets.lesson import COURSE, course_outline, practice_pages, rules_banner
    from pinochle_widgets.mastery import MasterySet, ReviewRound, reviews_due_note
    from pinochle_widgets.meld_counter import MeldCounter
    from pinochle_widgets.navigation import page_nav
    from pinochle_widgets.practice import DeckExplorer, ScoreCalculator
    from pinochle_widgets.problem_deal import ProblemDeal
    from pinochle_widgets.progress_view import ProgressSummary, class_frame, progress_frame
    from pinochle_widgets.quiz_runner import QuizRunner
    from pinochle_widgets.trick_checker import TrickChecker
    from pinochle_widgets.worked import GuidedHandStepper, UnderstandingCheck, WorkedStepper

_WHERE = {
    "BiddingTrainer": "bidding_trainer",
    "COURSE": "lesson",
    "CardsView": "cards",
    "ClassmatesTable": "classmates",
    "DeckExplorer": "practice",
    "GameTable": "game_table",
    "GuidedHandStepper": "worked",
    "HandPicker": "cards",
    "LearnerCard": "identity",
    "MeldCounter": "meld_counter",
    "MasterySet": "mastery",
    "Message": "_base",
    "ScoreCalculator": "practice",
    "TrickChecker": "trick_checker",
    "UnderstandingCheck": "worked",
    "WorkedStepper": "worked",
    "course_outline": "lesson",
    "page_nav": "navigation",
    "practice_pages": "lesson",
    "ProblemDeal": "problem_deal",
    "ProgressSummary": "progress_view",
    "QuizRunner": "quiz_runner",
    "ReviewRound": "mastery",
    "class_frame": "progress_view",
    "progress_frame": "progress_view",
    "reviews_due_note": "mastery",
    "rules_banner": "lesson",
}

__all__ = [
    "COURSE",
    "BiddingTrainer",
    "CardsView",
    "ClassmatesTable",
    "DeckExplorer",
    "GameTable",
    "GuidedHandStepper",
    "HandPicker",
    "LearnerCard",
    "MasterySet",
    "MeldCounter",
    "Message",
    "ProblemDeal",
    "ProgressSummary",
    "QuizRunner",
    "ReviewRound",
    "ScoreCalculator",
    "TrickChecker",
    "UnderstandingCheck",
    "WorkedStepper",
    "class_frame",
    "course_outline",
    "page_nav",
    "practice_pages",
    "progress_frame",
    "reviews_due_note",
    "rules_banner",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'pinochle_widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"pinochle_widgets.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
