"""Files: new, open, save, save as, the recent files, autosave and recovery after a crash.

Nothing the user made is ever lost: saves are atomic (in the document), unsaved work is
autosaved to the user data folder and offered back after a crash."""

from __future__ import annotations

import os
from pathlib import Path

from ...document.autosave import discard, find_orphans, load_orphan
from ...document.game_document import GameDocument, OtherEngineGame
from ...engine.game import GameFileError
from ..document_actions import save_to
from ..variant_import import import_variant
from .state import WindowState

MAX_RECENT = 10


def _engine_of(variant: str) -> str:
    from ...variants import load_variant

    return load_variant(variant).engine


class WindowFiles(WindowState):
    """Mixed into the main window: opening, saving and autosaving its game."""

    handed_over = False  # its game went to a Hypereconomic desk: the window is gone

    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; False when the user cancels."""
        self.flush()
        if self.doc is None or not self.doc.is_modified or self.handed_over:
            return True
        answer = self.prompts.ask_save_changes(self.doc.title)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_game(self) -> None:
        if not self.maybe_save():
            return
        choice = self.prompts.new_game()
        if not choice:
            return
        variant, rules = choice
        try:
            if _engine_of(variant) != "standard":
                from ..hyper.launch import new_desk

                self.hand_over(new_desk(variant, self.prompts))  # a Hypereconomic game: its own desk
                return
            doc = GameDocument.new(variant, rules)
        except ValueError as e:
            self.prompts.error("Cannot start the game", str(e))
            return
        self.set_document(doc)

    def open_file(self, path: str | os.PathLike | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            start = str(self.doc.path.parent) if self.doc and self.doc.path else ""
            path = self.prompts.open_path(start)
            if not path:
                return False
        try:
            doc = GameDocument.open(path)
        except OtherEngineGame as e:
            from ...document.hyper_game import HyperGameDocument
            from ..hyper.launch import open_desk

            self.hand_over(open_desk(HyperGameDocument(e.game, path), self.prompts))  # its own desk
            return True
        except GameFileError as e:
            self.prompts.error("Cannot open the game", str(e))
            return False
        self.set_document(doc)
        self.session.clear()
        if doc.game.notices:
            more = len(doc.game.notices) - 5
            self.prompts.info("Opened, with notes", "\n\n".join(doc.game.notices[:5])
                              + (f"\n\n… and {more} more." if more > 0 else ""))
        return True

    def hand_over(self, desk) -> None:
        """A Hypereconomic game went to a desk of its own: this window, which would stay
        behind it showing the game it replaced (already saved or given up when asked), goes,
        and the desk comes to the front. A map editor opened from here stays open."""
        self.save_layout()
        self.autosave_timer.stop()
        self.session.close()
        self.handed_over = True
        self.hide()
        desk.raise_()
        desk.activateWindow()

    def import_variant(self, path: str | None = None) -> None:
        """File › Import variant…: a jDip variant (folder or zip) into the user's variants."""
        import_variant(self, self.prompts, path)

    def save(self) -> bool:
        if self.doc is None:
            return False
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        suggested = str(self.doc.path) if self.doc.path else str(Path.home() / "game.json")
        path = self.prompts.save_path(suggested)
        if not path:
            return False
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        self.keep_view()
        return save_to(self, path)

    def keep_view(self) -> None:
        """The map's zoom and scroll go into the game's settings, to come back on reopening
        (a view, not an edit: nothing is marked unsaved)."""
        if self.doc is not None and self.view.layers is not None:
            self.doc.game.settings["view"] = self.view.view_state()

    def autosave(self) -> None:
        """Keep a copy of unsaved work in the user data folder (and drop it once saved)."""
        if self.doc is None or self.handed_over:
            return
        self.flush()
        self.keep_view()
        try:
            if self.doc.is_modified:
                self.session.write(self.doc.trunk, self.doc.path, self.doc.title)
            else:
                self.session.clear()
        except OSError as e:
            self.statusBar().showMessage(f"Autosave failed: {e.strerror or e}", 6000)

    def offer_recovery(self) -> bool:
        """After a crash: offer the games the last session left unsaved. True if one was opened."""
        for orphan in find_orphans():
            if orphan.file == self.session.file:
                continue
            answer = self.prompts.ask_recover(orphan)
            if answer == "later":
                continue
            if answer == "discard":
                discard(orphan)
                continue
            try:
                game = load_orphan(orphan)
            except GameFileError as e:
                self.prompts.error("Cannot recover", str(e))
                continue
            if game.variant.engine != "standard":  # a Hypereconomic game: back in a desk
                from ...document.hyper_game import HyperGameDocument
                from ..hyper.launch import open_desk

                hyper = HyperGameDocument(game, orphan.original)
                hyper.mark_modified()
                desk = open_desk(hyper, self.prompts)
                discard(orphan)
                desk.autosave()  # the recovered work is safe in the desk's autosave
                self.hand_over(desk)
                return True
            doc = GameDocument(game, orphan.original)
            doc.mark_modified()
            self.set_document(doc)
            discard(orphan)
            self.autosave()
            return True
        return False

    def recent_files(self) -> list[str]:
        v = self.settings.value("recent", [])
        if isinstance(v, str):
            v = [v]
        return [str(x) for x in (v or [])]

    def _add_recent(self, path: Path) -> None:
        p = str(Path(path).resolve())
        items = [x for x in self.recent_files() if x != p]
        self.settings.setValue("recent", [p, *items][:MAX_RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        if not files:
            a = self.recent_menu.addAction("(none)")
            a.setEnabled(False)
            return
        for i, f in enumerate(files):
            a = self.recent_menu.addAction(f"&{i + 1} {Path(f).name}" if i < 9 else Path(f).name)
            a.setToolTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_file(f))

    def _path_changed(self) -> None:
        if self.doc.path is not None:
            self._add_recent(self.doc.path)
