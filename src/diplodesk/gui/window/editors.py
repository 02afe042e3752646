"""The map editor windows opened from the main window (Tools > Map editor…).

The one place a map editor is made for the game: :meth:`WindowEditors.open_map_editor`.
The main window closes its editors before itself, each asking about its own changes.
"""

from __future__ import annotations

import shiboken6

from .state import WindowState


class WindowEditors(WindowState):
    """Mixed into the main window: opens map editors and keeps the ones still open."""

    def open_map_editor(self) -> None:
        """Open the map editor on this game's variant (a separate window)."""
        from ..editor import open_map_editor

        ref = self.doc.position.variant_ref or self.doc.position.variant.id
        editor = open_map_editor(self, ref)
        if editor is not None:
            self.editors = [*self._open_editors(), editor]

    def _open_editors(self) -> list:
        """Editor windows still open (a closed one may already be deleted by Qt)."""
        return [e for e in getattr(self, "editors", []) if shiboken6.isValid(e) and e.isVisible()]

    def _close_editors(self) -> bool:
        """Close the open map editors; False when one of them stays open (its user cancelled)."""
        return all(editor.close() for editor in self._open_editors())
