"""The desk's files, mixed into its window: save, save as, open another game, autosave, and
closing with the question about unsaved changes. A save keeps the desk's layout in the game,
and closing keeps it in the app's settings under the game file's path, unasked
(``desk_layout.py``): the game opens again as the GM left it."""

from __future__ import annotations

from PySide6.QtGui import QCloseEvent

from ..document_actions import save_to
from . import desk_layout


class DeskFiles:
    """Needs ``doc``, ``prompts``, ``session``, ``flush()``, ``autosave_timer`` and a status bar."""

    def maybe_save(self) -> bool:
        self.flush()
        if not self.doc.is_modified:
            return True
        answer = self.prompts.ask_save_changes(self.doc.title)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        path = self.prompts.save_path(str(self.doc.path or "hyper-game.json"))
        return self._save_to(path) if path else False

    def _save_to(self, path) -> bool:
        desk_layout.keep(self)
        return save_to(self, path)

    def autosave(self) -> None:
        self.flush()
        desk_layout.keep(self)
        try:
            if self.doc.is_modified:
                self.session.write(self.doc.game, self.doc.path, self.doc.title)
            else:
                self.session.clear()
        except OSError as e:
            self.statusBar().showMessage(f"Autosave failed: {e.strerror or e}", 6000)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        desk_layout.keep(self)
        self.autosave_timer.stop()
        self.session.close()
        event.accept()
