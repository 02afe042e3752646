"""A table of results sorted by its headers, each line opening its Why: the standard game's
Results dock and the Hypereconomic desk's results view behave alike, by this one mixin."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QTableWidget


class SortedWhyTable:
    """Mixed into a widget with ``table``, ``sort_column``, ``sort_order``, ``_fill()`` (the
    lines laid out in that order) and ``show_why(row)``: a click on a header sorts by it (again:
    the other way), and a double click, Return or the Why? action on a line opens its Why."""

    table: QTableWidget
    sort_column: int
    sort_order: Qt.SortOrder

    def wire_why(self, table: QTableWidget, tip: str) -> None:
        hh = table.horizontalHeader()
        hh.setSectionsClickable(True)
        hh.setSortIndicatorShown(True)
        hh.setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        hh.sectionClicked.connect(self._header_clicked)
        table.setToolTip(tip)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        why = QAction("&Why?", table)
        why.triggered.connect(lambda: self.show_why(self.table.currentRow()))
        table.addAction(why)
        table.cellDoubleClicked.connect(lambda r, _c: self.show_why(r))
        table.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if (obj is self.table and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self.show_why(self.table.currentRow())
            return True
        return super().eventFilter(obj, event)

    def sort_by(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.sort_column, self.sort_order = column, order
        self.table.horizontalHeader().setSortIndicator(column, order)
        self._fill()

    def _header_clicked(self, column: int) -> None:
        same = column == self.sort_column and self.sort_order == Qt.SortOrder.AscendingOrder
        self.sort_by(column, Qt.SortOrder.DescendingOrder if same else Qt.SortOrder.AscendingOrder)

    def show_why(self, row: int) -> str:  # pragma: no cover - each table says its own
        raise NotImplementedError

    def _fill(self) -> None:  # pragma: no cover
        raise NotImplementedError
