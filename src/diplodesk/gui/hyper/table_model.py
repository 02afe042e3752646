"""One table of the editor as a Qt model: a cell's text, its status by colour, its provenance."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from ...document.hyper_tables import TableFile
from ...document.table_csv import cell_path
from ...document.table_grid import Path as CellPath
from ...document.table_grid import get, show

STATUS_COLOURS = {"provisional": "#fff3c4", "published": "#d9f2d9", "gm-edited": "#d6e6ff"}
STATUS_WORDS = {"provisional": "provisional (ours, not the author's)", "published": "published",
                "gm-edited": "edited by the GM"}
NO_CELL = "#eeeeee"  # a column this row does not have


class TableModel(QAbstractTableModel):
    """``edit(name, path, text)`` makes an edit and says whether it was taken."""

    def __init__(self, table: TableFile, edit: Callable[[str, CellPath, str], bool],
                 changes: Callable[[], Mapping[CellPath, tuple[str, Any]]] = dict,
                 parent=None):
        super().__init__(parent)
        self.table = table
        self.edit = edit
        self.changes = changes  # cells a rule change set: {path: (from season, value)}
        self.theirs: dict[CellPath, Any] | None = None  # the bundled pack's differing cells
        self.grid = table.grid()
        self._index()

    def _index(self) -> None:
        """Each cell's path and the rule changes, worked out once, not on every paint."""
        rows = self.grid.rows
        self.paths = [[cell_path(rows, r, c) for c in self.grid.columns] for r in rows]
        self.changed = dict(self.changes())

    def refresh(self) -> None:
        """Show the table as it is now; a reset only if its rows or columns changed (an edit
        is being committed while this runs, and a reset would pull the cell from under it)."""
        grid = self.table.grid()
        if grid.columns == self.grid.columns and [r.label for r in grid.rows] == [r.label for r in self.grid.rows]:
            self.grid = grid
            self._index()
            if self.grid.rows and self.grid.columns:
                self.dataChanged.emit(self.index(0, 0), self.index(len(grid.rows) - 1, len(grid.columns) - 1))
            return
        self.beginResetModel()
        self.grid = grid
        self._index()
        self.endResetModel()

    def path(self, index: QModelIndex) -> CellPath | None:
        return self.paths[index.row()][index.column()]

    # -- Qt ------------------------------------------------------------------------------

    def rowCount(self, parent=None) -> int:  # noqa: N802
        return 0 if parent is not None and parent.isValid() else len(self.grid.rows)

    def columnCount(self, parent=None) -> int:  # noqa: N802
        return 0 if parent is not None and parent.isValid() else len(self.grid.columns)

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role != Qt.DisplayRole:
            return None
        if orientation == Qt.Horizontal:
            return self.grid.columns[section]
        return self.grid.rows[section].label

    def flags(self, index):
        base = Qt.ItemIsEnabled | Qt.ItemIsSelectable
        return base | Qt.ItemIsEditable if self.path(index) is not None else base

    def data(self, index, role=Qt.DisplayRole):
        path = self.path(index)
        if path is None:
            return QBrush(QColor(NO_CELL)) if role == Qt.BackgroundRole else None
        value = get(self.table.data, path)
        if role in (Qt.DisplayRole, Qt.EditRole):
            return show(value)
        if role == Qt.BackgroundRole:
            return QBrush(QColor(STATUS_COLOURS[self.status(path)]))
        if role == Qt.ToolTipRole:
            return self.tooltip(path, value)
        if role == Qt.FontRole and self.theirs is not None and path in self.theirs:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.TextAlignmentRole and isinstance(value, int | float) and not isinstance(value, bool):
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def status(self, path: CellPath) -> str:
        """The cell's status; a cell a rule change set is the GM's whatever its table says."""
        if path in self.changed:
            return "gm-edited"
        return self.table.status(path)

    def tooltip(self, path: CellPath, value: Any) -> str:
        meta = self.table.meta
        lines = [f"{self.table.table} {'.'.join(map(str, path))} = {show(value) or '(none)'}",
                 f"status: {STATUS_WORDS[self.status(path)]}",
                 f"source: {meta.get('source', '') or '(none given)'}",
                 f"effective from: {meta.get('effective_from', '') or '(the start)'}"]
        change = self.changed.get(path)
        if change is not None:
            lines.append(f"rule change: {show(change[1]) or '(taken out)'} from {change[0]} on (IX.6)")
        if self.theirs is not None and path in self.theirs:
            lines.append(f"bundled pack: {show(self.theirs[path]) or '(none)'}")
        return "\n".join(lines)

    def setData(self, index, value, role=Qt.EditRole):  # noqa: N802
        path = self.path(index)
        if role != Qt.EditRole or path is None:
            return False
        if str(value).strip() == show(get(self.table.data, path)):
            return False
        return self.edit(self.table.name, path, str(value))
