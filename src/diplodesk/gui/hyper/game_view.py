"""What a desk widget needs from the game it shows: the game, a change signal, an undo stack.

The panels here (table editor, decisions, dice log, players) take a :class:`HyperGameView`
and nothing else, so the desk attaches them by handing over its own (or this small one).
Commands are the document layer's plain ones (``redo``/``undo``/``text``); ``push`` wraps
each in a QUndoCommand on the view's stack, and every redo or undo says ``changed``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ...document.hyper_tables import Command
from ...engine.game import Game


class _Wrapped(QUndoCommand):
    def __init__(self, view: HyperGameView, command: Command):
        super().__init__(command.text)
        self.view, self.command = view, command

    def redo(self) -> None:
        self.command.redo()
        self.view.announce()

    def undo(self) -> None:
        self.command.undo()
        self.view.announce()


class HyperGameView(QObject):
    """A game, its undo stack and a ``changed`` signal: the least a panel needs."""

    changed = Signal()

    def __init__(self, game: Game, undo_stack: QUndoStack | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._game = game
        self._stack = undo_stack or QUndoStack(self)

    @property
    def game(self) -> Game:
        return self._game

    @property
    def undo_stack(self) -> QUndoStack:
        return self._stack

    @property
    def phase(self) -> str:
        return str(self.game.current.phase)

    def push(self, command: Command) -> None:
        self._stack.push(_Wrapped(self, command))

    def announce(self) -> None:
        self.changed.emit()


class TablesView(QObject):
    """The same for a variant's tables on their own (``diplodesk tables edit``): no game."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._stack = QUndoStack(self)

    @property
    def undo_stack(self) -> QUndoStack:
        return self._stack

    def push(self, command: Command) -> None:
        self._stack.push(_Wrapped(self, command))

    def announce(self) -> None:
        self.changed.emit()
