"""What every game document shares about its file: reading it, where it is, whether it needs
saving, saving it so that a crash halfway leaves the old file whole (the game writes
atomically), and the positions of its past phases, each read once."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..engine.files import clean_stale_temps
from ..engine.game import Game, GameFileError
from ..engine.variant import VariantError


def read_game(path: Path) -> Game:
    """A game file read; anything wrong with it raises GameFileError saying what."""
    clean_stale_temps(path.parent, only_for=path.name)  # left by a save that was killed
    try:
        return Game.load(path)
    except GameFileError:
        raise
    except (VariantError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as e:
        raise GameFileError(f"{path}: not a game diplodesk can read ({e})") from None


class SavedFile:
    """Mixed into a QObject document with ``changed`` and ``path_changed`` signals, an
    ``undo_stack``, ``path``, ``_forced_modified``, ``game`` and ``_past`` (a dict);
    ``_write(target)`` writes the file."""

    def position_at(self, index: int) -> Any:
        """The position of processed phase ``index`` (with its orders), read once."""
        record = self.history[index]
        hit = self._past.get(index)
        if hit is None or hit[0] is not record:
            hit = self._past[index] = (record, self.game.load_position(record.position))
        return hit[1]

    def _write(self, target: Path) -> None:
        raise NotImplementedError

    @property
    def title(self) -> str:
        return self.path.name if self.path else "Untitled"

    @property
    def is_modified(self) -> bool:
        return self._forced_modified or not self.undo_stack.isClean()

    def mark_modified(self) -> None:
        """Count as unsaved even with nothing to undo (a recovered game)."""
        self._forced_modified = True
        self.changed.emit()

    def save(self, path: str | os.PathLike | None = None) -> Path:
        """Save (atomically, keeping a .bak); raises OSError when the file can't be written."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name to save to")
        self._write(target)
        moved = target != self.path
        self.path = target
        self._forced_modified = False
        self.undo_stack.setClean()
        if moved:
            self.path_changed.emit()
        self.changed.emit()
        return target
