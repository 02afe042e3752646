"""Who opens a window on a new game: the app says, so that a window which starts games
(the map editor's "Play this variant") never imports the main window.

The main window registers itself here (``set_game_window_factory(MainWindow)``); the map
editor, when it has no app window to reuse, asks :func:`game_window_factory` for one. The
editor sits below the main window (the main window opens editors), so the call goes up
through this hook instead of an import that would close a circle.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from ..document.game_document import GameDocument

__all__ = ["GameWindowFactory", "game_window_factory", "set_game_window_factory"]

#: makes a (not yet shown) window on a game
GameWindowFactory = Callable[[GameDocument], QWidget]

_factory: GameWindowFactory | None = None


def set_game_window_factory(factory: GameWindowFactory | None) -> None:
    """Say how the app opens a window on a game (None: it can't)."""
    global _factory
    _factory = factory


def game_window_factory() -> GameWindowFactory | None:
    """How the app opens a window on a game, if it has said."""
    return _factory
