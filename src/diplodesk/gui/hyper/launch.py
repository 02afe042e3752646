"""Opening Hypereconomic games in the app: a game file or a new game of a hyper variant gets a
desk window of its own (the main window keeps the standard games)."""

from __future__ import annotations

from typing import Any

from ...document.hyper_game import HyperGameDocument
from .window import HyperDeskWindow, open_desk, open_game_file, open_windows

__all__ = ["new_desk", "open_desk", "open_game_file", "open_windows"]


def new_desk(variant: str, prompts: Any = None, show: bool = True) -> HyperDeskWindow:
    """A new game of a Hypereconomic variant, in its desk."""
    return open_desk(HyperGameDocument.new(variant), prompts, show)
