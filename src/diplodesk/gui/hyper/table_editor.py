"""The table editor: every table of a Hypereconomic variant, one tab each, edited in a grid.

Each cell is coloured by its status (provisional, published, GM-edited) and its tooltip
gives its source and the season it takes effect from. An edit the engine would refuse is
refused with the engine's line in the status bar; an accepted one is a command on the undo
stack (Ctrl+Z, Ctrl+Shift+Z). On a running game an edit is a rule change (IX.6): the editor
asks from which season it applies (not before the current one) and the game records it.
CSV import and export work on the open tab; "Differences" marks the cells that are not the
bundled pack's (bold, with the bundled value in the tooltip).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...document import hyper_desk
from ...document.hyper_tables import TableEditError, TableSet, differences
from ...document.table_csv import CsvError, export_csv, import_csv, read_csv_file
from ...document.table_grid import CellTextError, get, parse
from ...document.table_grid import Path as CellPath
from ...engine.files import write_output
from .table_model import STATUS_COLOURS, STATUS_WORDS, TableModel

# asks the GM from which season a mid-game change applies: (season, note), or None to cancel
AskDate = Callable[[str, str], tuple[str, str] | None]


class EffectiveFromDialog(QDialog):
    """IX.6: the GM may change the rules, with notice. From which season on?"""

    def __init__(self, default: str, now: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Rule change: effective from")
        form = QFormLayout(self)
        form.addRow(QLabel(f"The game is in {now}. A change applies from a season on, never "
                           "to one already played (IX.6)."))
        self.season = QLineEdit(default)
        self.note = QLineEdit()
        self.note.setPlaceholderText("the notice given to the players (optional)")
        form.addRow("Effective from", self.season)
        form.addRow("Notice", self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    @classmethod
    def ask(cls, default: str, now: str, parent: QWidget | None = None) -> tuple[str, str] | None:
        d = cls(default, now, parent)
        return (d.season.text(), d.note.text()) if d.exec() == QDialog.Accepted else None


class TableEditor(QWidget):
    """``view``: a HyperGameView (edits become rule changes) or a TablesView (edits of the files)."""

    def __init__(self, tables: TableSet, view, baseline: Mapping[str, Mapping[str, Any]] | None = None,
                 ask_date: AskDate | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.tables, self.view = tables, view
        self.game = getattr(view, "game", None)
        self.baseline = baseline
        self.ask_date: AskDate = ask_date or (lambda d, now: EffectiveFromDialog.ask(d, now, self))
        self.models: dict[str, TableModel] = {}
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(self._buttons())
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for name, f in tables.files.items():
            model = TableModel(f, self.edit, self._changes_of(name), self)
            self.models[name] = model
            grid = QTableView()
            grid.setModel(model)
            grid.setAlternatingRowColors(False)
            grid.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
            grid.horizontalHeader().setDefaultSectionSize(92)
            grid.horizontalHeader().setResizeContentsPrecision(40)  # the world's 460 rows: sample
            grid.verticalHeader().setDefaultSectionSize(22)
            for j in range(len(model.grid.columns)):  # names and notes want room; numbers not
                grid.resizeColumnToContents(j)
                grid.setColumnWidth(j, max(56, min(grid.columnWidth(j) + 12, 320)))
            i = self.tabs.addTab(grid, f.table)
            self.tabs.setTabToolTip(i, f"{f.meta.get('title', '')}\n{f.name}")
        self.header = QLabel()
        self.header.setObjectName("table-header")
        self.header.setWordWrap(True)
        box.addWidget(self.header)
        box.addWidget(self.tabs, 1)
        self.tabs.currentChanged.connect(lambda _: self._describe())
        self._describe()
        box.addLayout(self._legend())
        self.message = QLabel()
        self.message.setObjectName("table-message")
        self.message.setWordWrap(True)
        box.addWidget(self.message)
        view.changed.connect(self.refresh)
        stack = view.undo_stack
        stack.canUndoChanged.connect(self.undo_button.setEnabled)
        stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_button.setEnabled(stack.canUndo())
        self.redo_button.setEnabled(stack.canRedo())
        self._shortcuts()

    # -- layout --------------------------------------------------------------------------

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.redo_button = QPushButton("Redo")
        self.import_button = QPushButton("Import CSV…")
        self.export_button = QPushButton("Export CSV…")
        self.published_box = QCheckBox("Imports are the printed tables")
        self.published_box.setToolTip("Mark the rows a CSV import changes as published (a transcription "
                                      "of the printed table) instead of edited by the GM")
        self.diff_button = QPushButton("Differences from the bundled pack")
        self.diff_button.setCheckable(True)
        self.diff_button.setEnabled(self.baseline is not None)
        self.undo_button.clicked.connect(lambda: self.view.undo_stack.undo())
        self.redo_button.clicked.connect(lambda: self.view.undo_stack.redo())
        self.import_button.clicked.connect(self._import_clicked)
        self.export_button.clicked.connect(self._export_clicked)
        self.diff_button.toggled.connect(self.show_differences)
        for b in (self.undo_button, self.redo_button, self.import_button, self.published_box,
                  self.export_button, self.diff_button):
            row.addWidget(b)
        row.addStretch(1)
        self.where = QLabel()
        self._show_phase()
        row.addWidget(self.where)
        return row

    def _show_phase(self) -> None:
        if self.game is not None:
            self.where.setText(f"Rule changes apply from a season on (the game is in {self.game.current.phase})")

    def _describe(self) -> None:
        """The open table's title and provenance above its grid."""
        if not self.tables.files:
            return
        f = self.tables.file(self.current_name())
        m = {k: escape(str(v)) for k, v in f.meta.items()}
        status = STATUS_WORDS.get(str(f.meta.get("status", "provisional")), m.get("status", ""))
        self.header.setText(f"<b>{escape(f.table)}: {m.get('title', '')}</b> &nbsp; {escape(f.name)} "
                            f"&nbsp;·&nbsp; {status} &nbsp;·&nbsp; source: {m.get('source') or '(none)'} "
                            f"&nbsp;·&nbsp; effective from {m.get('effective_from') or 'the start'}"
                            + (f"<br><i>{m['notes']}</i>" if m.get("notes") else ""))

    def _legend(self) -> QHBoxLayout:
        row = QHBoxLayout()
        for status, colour in STATUS_COLOURS.items():
            chip = QLabel(f"  {STATUS_WORDS[status]}  ")
            chip.setStyleSheet(f"background: {colour}; border: 1px solid #bbb;")
            row.addWidget(chip)
        row.addStretch(1)
        return row

    def _shortcuts(self) -> None:
        for keys, slot in ((QKeySequence.Undo, self.view.undo_stack.undo),
                           (QKeySequence("Ctrl+Shift+Z"), self.view.undo_stack.redo)):
            a = QAction(self)
            a.setShortcut(keys)
            a.setShortcutContext(Qt.WidgetWithChildrenShortcut)
            a.triggered.connect(slot)
            self.addAction(a)

    # -- editing -------------------------------------------------------------------------

    def current_name(self) -> str:
        return list(self.tables.files)[self.tabs.currentIndex()]

    def edit(self, name: str, path: CellPath, text: str) -> bool:
        """A cell typed in; False (and the reason shown) if the tables cannot take it."""
        f = self.tables.file(name)
        try:
            value = parse(text, get(f.data, path))
        except CellTextError as e:
            return self.refuse(f"{f.table}, {'.'.join(map(str, path))}: {e}")
        return self.push_edit(name, {path: value})

    def push_edit(self, name: str, values: Mapping[CellPath, Any], text: str | None = None) -> bool:
        try:
            if self.game is None:
                command = self.tables.set_cells(name, values, text)
            else:
                answer = self.ask_date(hyper_desk.next_season(self.game), str(self.game.current.phase))
                if answer is None:
                    return self.refuse("Rule change cancelled")
                command = hyper_desk.rule_change_command(self.game, self.tables, name, values, *answer)
        except (TableEditError, hyper_desk.DeskError) as e:
            return self.refuse(str(e))
        self.view.push(command)
        self.say(command.text)
        return True

    def refuse(self, why: str) -> bool:
        self.message.setStyleSheet("color: #a00000;")
        self.message.setText(why)
        return False

    def say(self, what: str) -> None:
        self.message.setStyleSheet("")
        self.message.setText(what)

    def refresh(self) -> None:
        self.game = getattr(self.view, "game", None)  # the desk's active game may be another now
        self._show_phase()
        if self.diff_button.isChecked():
            self.show_differences(True)
        for m in self.models.values():
            m.refresh()
        for i, f in enumerate(self.tables.files.values()):
            self.tabs.setTabText(i, f.table + (" *" if f.modified and self.game is None else ""))
        self._describe()

    def _changes_of(self, name: str) -> Callable[[], Mapping[CellPath, tuple[str, Any]]]:
        if self.game is None:
            return dict
        return lambda: hyper_desk.cell_changes(self.game, name)

    # -- differences, CSV ----------------------------------------------------------------

    def show_differences(self, on: bool) -> None:
        diff = differences(self.tables, self.baseline) if on and self.baseline is not None else {}
        for name, m in self.models.items():
            m.theirs = diff.get(name, {}) if on else None
            m.refresh()
        if on:
            n = sum(len(d) for d in diff.values())
            self.say(f"{n} {'cells differ' if n != 1 else 'cell differs'} from the bundled pack (bold)" if n
                     else "Every cell is the bundled pack's")

    def export_to(self, path: Path) -> None:
        f = self.tables.file(self.current_name())
        try:
            write_output(Path(path), export_csv(f).encode("utf-8"))
        except OSError as e:
            self.refuse(f"{path}: cannot be written ({e.strerror or e})")
            return
        self.say(f"{f.table} exported to {path}")

    def import_from(self, path: Path) -> bool:
        f = self.tables.file(self.current_name())
        try:
            text = read_csv_file(path)
            status = "published" if self.published_box.isChecked() else "gm-edited"
            command = import_csv(self.tables, f, text, Path(path).name, status)
        except (CsvError, TableEditError) as e:
            return self.refuse(str(e))
        if command is None:
            self.say(f"{Path(path).name} says what {f.table} already has")
            return True
        if self.game is None:
            self.view.push(command)
            self.say(command.text)
            return True
        values = _cells(f.data, command)  # in a game the import is a rule change from a season on
        if values is None:
            return self.refuse(f"{Path(path).name}: adds rows; a rule change in a running game changes "
                               "cells only (add rows to the variant's tables)")
        return self.push_edit(f.name, values)

    def _import_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a table from CSV", "", "CSV (*.csv)")
        if path:
            self.import_from(Path(path))

    def _export_clicked(self) -> None:
        f = self.tables.file(self.current_name())
        path, _ = QFileDialog.getSaveFileName(self, "Export a table to CSV", f"{Path(f.name).stem}.csv",
                                              "CSV (*.csv)")
        if path:
            self.export_to(Path(path))


def _cells(before: Mapping[str, Any], command) -> dict[CellPath, Any] | None:
    """The cells a SetCells command changes, read off its texts (None if it adds rows)."""
    import tomllib

    from ...document.table_grid import grid_of

    after = tomllib.loads(command.after)
    if {r.label for r in grid_of(after).rows} - {r.label for r in grid_of(before).rows}:
        return None
    paths = {p for r in grid_of(after).rows for p in r.cells.values()}
    paths |= {p for r in grid_of(before).rows for p in r.cells.values()}
    return {p: get(after, p) for p in sorted(paths, key=str) if get(after, p) != get(before, p)}
