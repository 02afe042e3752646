"""What every game document shares about its file: where it is, whether it needs saving,
and saving it so that a crash halfway leaves the old file whole (the game writes atomically)."""

from __future__ import annotations

import os
from pathlib import Path


class SavedFile:
    """Mixed into a QObject document with ``changed`` and ``path_changed`` signals, an
    ``undo_stack``, ``path`` and ``_forced_modified``; ``_write(target)`` writes the file."""

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
