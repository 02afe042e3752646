"""The table editor in a window of its own (``diplodesk tables edit VARIANT_DIR``)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from ...document.hyper_tables import TableSet
from .game_view import TablesView
from .table_editor import TableEditor


def bundled_pack(tables: TableSet, variant_id: str) -> dict:
    """The tables the variant ships with: the built-in variant of that id, or the files as opened."""
    from ...engine.catalog import read_table_files, read_variant_file
    from ...engine.variant import VariantError
    from ...paths import builtin_variants_dir

    folder = builtin_variants_dir() / variant_id
    if tables.folder is not None and folder.is_dir() and folder.resolve() != Path(tables.folder).resolve():
        try:
            return read_table_files(folder, read_variant_file(folder / "variant.toml").get("tables", []))
        except VariantError:
            pass
    import tomllib

    return {n: tomllib.loads(f.saved) for n, f in tables.files.items()}


class TablesWindow(QMainWindow):
    def __init__(self, tables: TableSet, variant_id: str):
        super().__init__()
        self.tables = tables
        self.view = TablesView(self)
        self.editor = TableEditor(tables, self.view, bundled_pack(tables, variant_id))
        self.setCentralWidget(self.editor)
        self.setWindowTitle(f"Tables of {variant_id} ({tables.folder})")
        menu = self.menuBar().addMenu("&File")
        save = menu.addAction("&Save", self.save)
        save.setShortcut(QKeySequence.Save)
        menu.addAction("&Close", self.close).setShortcut(QKeySequence.Close)
        edit = self.menuBar().addMenu("&Edit")
        edit.addAction(self.view.undo_stack.createUndoAction(self, "&Undo"))
        edit.addAction(self.view.undo_stack.createRedoAction(self, "&Redo"))
        self.resize(1440, 920)

    def save(self) -> bool:
        try:
            written = self.tables.save()
        except OSError as e:
            self.editor.refuse(f"cannot save: {e.strerror or e}")
            return False
        self.view.undo_stack.setClean()
        self.editor.refresh()
        self.editor.say(f"saved {len(written)} file{'s' if len(written) != 1 else ''}" if written else "nothing to save")
        return True

    def closeEvent(self, event) -> None:  # noqa: N802
        if self.tables.modified:
            answer = QMessageBox.question(self, "Unsaved tables", "Save the changed tables before closing?",
                                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel)
            if answer == QMessageBox.Cancel or (answer == QMessageBox.Save and not self.save()):
                event.ignore()
                return
        event.accept()


def run(folder: Path, grab: Path | None = None) -> int:
    from ...engine.catalog import load_variant

    app = QApplication.instance() or QApplication([])
    tables = TableSet.open(folder)
    window = TablesWindow(tables, load_variant(str(folder)).id)
    window.show()
    if grab is not None:
        app.processEvents()
        saved = window.grab().save(str(grab))
        window.close()
        if not saved:  # Qt says only False: a missing folder, a full disk, no PNG writer
            print(f"diplodesk: {grab}: cannot write the picture", file=sys.stderr)
            return 2
        return 0
    return app.exec()
