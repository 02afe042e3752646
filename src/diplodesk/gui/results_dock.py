"""The Results dock: what became of each order of an adjudicated phase, as a GM reads it.

Lines come grouped by power (``document/result_rows.py``); a click on a column's header
sorts by it, the lines of one power staying together. Every line has a Detail, and "Why?"
(a double click, or Return) opens the engine's steps beside the table, across a splitter; the
width the GM gives them is saved with the window.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..document.explanations import steps_text
from ..document.result_rows import UNUSED, ResultRow, result_rows
from ..engine.position import Position
from .history_dock import STATUS_COLOURS, phase_title, victory_text
from .why_table import SortedWhyTable

GROUP_SHADES = ("#ffffff", "#f1f3f6")  # the lines of one power on one shade, the next on the other
WHY_WIDTH = 460  # pixels of the Why pane the first time it opens; then as the GM left it


class ResultsDock(SortedWhyTable, QDockWidget):
    """Every order of an adjudicated phase with its unit, status, reason and detail."""

    # the columns by their index in the table (tests and the map's right click read them so);
    # shown as SHOWN orders them: what became of an order right after it, so that in the
    # narrow column beside the map (1366 x 768) the Result is in view without scrolling
    COLUMNS = ["Power", "Order given", "Read as", "Result", "Reason", "Detail", "Unit"]
    FIELDS = ["power", "given", "read_as", "status", "reason", "detail", "unit"]
    UNIT = 6
    SHOWN = ["Power", "Unit", "Order given", "Result", "Reason", "Read as", "Detail"]

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Results", parent)
        self.setObjectName("results-dock")
        w = QWidget()
        box = QVBoxLayout(w)
        box.setContentsMargins(4, 4, 4, 4)
        self.heading = QLabel("No phase adjudicated yet")
        self.heading.setWordWrap(True)  # a long heading never widens the column of docks
        box.addWidget(self.heading)
        self.winner = QLabel()  # the game's result, after the phase that decided it
        self.winner.setObjectName("winner")
        self.winner.setStyleSheet("#winner { color: #8a5a00; font-weight: bold; }")
        self.winner.hide()
        box.addWidget(self.winner)
        self.table = self._make_table()
        self.table.setMinimumWidth(120)  # scrolls sideways in a narrow dock
        self.why = QPlainTextEdit()
        self.why.setReadOnly(True)
        self.why.setObjectName("why")
        self.why.hide()  # until a line is asked about: then beside the table, as wide as last time
        # beside the table, not below it: the dock keeps all its height for the lines
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("results-splitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(7)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.why)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.splitterMoved.connect(self._why_moved)
        self.why_width = WHY_WIDTH
        box.addWidget(self.splitter, 1)
        self.setWidget(w)
        self.rows: list[ResultRow] = []
        self.sort_column = 0
        self.sort_order = Qt.SortOrder.AscendingOrder

    def _make_table(self) -> QTableWidget:
        table = QTableWidget(0, len(self.COLUMNS))
        table.setHorizontalHeaderLabels(self.COLUMNS)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSortingEnabled(False)  # sorted here: a power's lines stay together
        table.setWordWrap(False)
        # compact lines: more results on screen, and the map keeps more of the window
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
        hh = table.horizontalHeader()
        for c in range(len(self.COLUMNS)):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
        hh.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        for place, name in enumerate(self.SHOWN):
            hh.moveSection(hh.visualIndex(self.COLUMNS.index(name)), place)
        self.wire_why(table, "Click a column's header to sort by it; double-click a line, or press "
                             "Return, for why it came out so")
        return table

    # -- what is shown ---------------------------------------------------------------------

    def show_why(self, row: int) -> str:
        """Open the explanation of the line in table row ``row``; returns its text ("" if none)."""
        if not 0 <= row < len(self.rows):
            return ""
        line = self.rows[row]
        text = steps_text(line.explain)
        if not text:
            text = line.detail if line.status == UNUSED else (
                f"{line.detail}\n\nNo explanation for this line: it was recorded by an earlier "
                "engine revision.")
        self.why.setPlainText(text)
        if not self.why.isVisible():
            self.why.show()
            total = sum(self.splitter.sizes())
            beside = self.splitter.orientation() == Qt.Orientation.Horizontal
            keep = 200 if beside else (total // 2 if self.why_width == WHY_WIDTH else 100)
            h = max(min(self.why_width, total - keep), 1)  # the table keeps its first columns or lines
            self.splitter.setSizes([max(total - h, 1), h])
        return text

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """Why beside the lines in a wide dock (below the map), below them in a narrow one
        (the column beside the map)."""
        super().resizeEvent(event)
        wide = self.width() >= 2 * WHY_WIDTH or self.width() >= self.height() * 1.5
        want = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() != want:
            self.splitter.setOrientation(want)

    def _why_moved(self, _pos: int, _index: int) -> None:
        if self.why.isVisible():
            self.why_width = self.splitter.sizes()[1]

    def show_result(self, result: dict[str, Any] | None, phase: str | None = None,
                    explain: list[dict | None] | None = None, position: Position | None = None) -> None:
        """``explain``: one explanation (or None) per recorded line (document/explanations.py);
        ``position``: the phase adjudicated, for the lines of unused builds."""
        self.why.hide()
        won = victory_text(result)
        self.winner.setText(f"■ Game over: {won}." if won else "")
        self.winner.setVisible(bool(won))
        self.rows = result_rows(result, explain, position)
        if not result:
            self.heading.setText("No phase adjudicated yet")
            self.table.setRowCount(0)
            return
        ph = result.get("phase", phase or "")
        counts: dict[str, int] = {}
        for r in result.get("orders", []):
            counts[r.get("status", "")] = counts.get(r.get("status", ""), 0) + 1
        summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
        unused = [r.read_as for r in self.rows if r.status == UNUSED]
        self.heading.setText(f"Results of {phase_title(ph)} ({ph}): {summary}"
                             + "".join(f"; {u}" for u in unused))
        self._fill()

    def sort_by(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the lines by a column (its index in COLUMNS); a power's lines stay together
        within each value, and by unit."""
        self.sort_column, self.sort_order = column, order
        self.table.horizontalHeader().setSortIndicator(column, order)
        self._fill()

    def _header_clicked(self, column: int) -> None:
        same = column == self.sort_column and self.sort_order == Qt.SortOrder.AscendingOrder
        self.sort_by(column, Qt.SortOrder.DescendingOrder if same else Qt.SortOrder.AscendingOrder)

    def _fill(self) -> None:
        field = self.FIELDS[self.sort_column]
        self.rows.sort(key=lambda r: r.sort_key(field), reverse=self.sort_order == Qt.SortOrder.DescendingOrder)
        self.table.setRowCount(len(self.rows))
        shade, previous = 1, None
        for row, line in enumerate(self.rows):
            if line.power != previous:
                shade, previous = 1 - shade, line.power
            self._fill_row(row, line, QBrush(QColor(GROUP_SHADES[shade])))
        self.table.resizeColumnsToContents()
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)

    def _fill_row(self, row: int, line: ResultRow, background: QBrush) -> None:
        tip = steps_text(line.explain) or line.detail
        for c, field in enumerate(self.FIELDS):
            item = QTableWidgetItem(getattr(line, field))
            item.setBackground(background)
            if c == 3 and line.status in STATUS_COLOURS:
                item.setForeground(QBrush(QColor(STATUS_COLOURS[line.status])))
                f = item.font()
                f.setBold(True)
                item.setFont(f)
            if line.status == UNUSED:
                f = item.font()
                f.setItalic(True)
                item.setFont(f)
            item.setToolTip(tip)
            self.table.setItem(row, c, item)

    # -- remembered with the window --------------------------------------------------------

    def save_state(self) -> int:
        """The Why pane's width, kept in the settings."""
        return self.why_width

    def restore_state(self, state: Any) -> None:
        try:
            height = int(state)
        except (TypeError, ValueError):
            return
        if 20 <= height <= 2000:
            self.why_width = height
