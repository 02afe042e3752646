"""The desk's Results: every order of a played season with what it did and why, and beside
it that season's gazette (as the standard board's Results dock, over
``document/hyper_results.py``).

Rows come grouped by nation; a click on a header sorts by that column, a nation's rows staying
together. "Only this nation" keeps the rows of the sheet the GM is on. A double click (or
Return) on a row shows its Why beside the table, where the gazette is. The season picker
goes back to any season played, read only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...document import hyper_results
from ...document.hyper_results import COLUMNS, FIELDS, HyperResultRow
from ...engine.hyper.papers import gazette, text
from ...engine.hyper.report import season_name as phase_title
from ..history_dock import STATUS_COLOURS
from ..why_table import SortedWhyTable

GROUP_SHADES = ("#ffffff", "#f1f3f6")
DETAIL = FIELDS.index("detail")
STATUS = FIELDS.index("status")


class HyperResultsDock(SortedWhyTable, QDockWidget):
    """A played season's results, its Why, and its gazette."""

    season_picked = Signal(int)  # the index of the season shown
    row_picked = Signal(str, str)  # giver, province (the map goes there)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Results", parent)
        self.setObjectName("hyper-results-dock")
        self.doc = None
        self.focus: str | None = None  # the nation of the sheet the GM is on
        body = QWidget()
        box = QVBoxLayout(body)
        box.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        top.addWidget(QLabel("Season:"))
        self.season = QComboBox()
        self.season.setObjectName("results-season")
        self.season.setToolTip("Any season played, read only")
        self.season.currentIndexChanged.connect(self._season_changed)
        top.addWidget(self.season)
        self.only = QCheckBox("Only this nation")
        self.only.setObjectName("results-only")
        self.only.setToolTip("Only the rows of the nation whose sheet is open")
        self.only.toggled.connect(lambda _on: self._fill())
        top.addWidget(self.only)
        self.heading = QLabel("No season adjudicated yet")
        self.heading.setObjectName("results-heading")
        top.addWidget(self.heading, 1)
        box.addLayout(top)
        self.table = self._make_table()
        self.why = QPlainTextEdit()
        self.why.setObjectName("results-why")
        self.why.setReadOnly(True)
        self.why.setPlaceholderText("Double-click a row (or press Return) for why it came out so")
        self.gazette = QPlainTextEdit()
        self.gazette.setObjectName("results-gazette")
        self.gazette.setReadOnly(True)
        self.gazette.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.gazette.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.side = QTabWidget()
        self.side.setObjectName("results-side")
        self.side.addTab(self.gazette, "Gazette")
        self.side.addTab(self.why, "Why")
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setObjectName("results-splitter")
        split.setChildrenCollapsible(False)
        split.addWidget(self.table)
        split.addWidget(self.side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self.splitter = split
        box.addWidget(split, 1)
        self.setWidget(body)
        self.rows: list[HyperResultRow] = []
        self.shown: list[HyperResultRow] = []
        self.sort_column = 0
        self.sort_order = Qt.SortOrder.AscendingOrder
        self._gazettes: dict[int, tuple[object, str]] = {}

    def _make_table(self) -> QTableWidget:
        t = QTableWidget(0, len(COLUMNS))
        t.setObjectName("results-table")
        t.setHorizontalHeaderLabels(list(COLUMNS))
        t.verticalHeader().hide()
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.setWordWrap(False)
        t.verticalHeader().setDefaultSectionSize(t.fontMetrics().height() + 6)
        self.wire_why(t, "Click a header to sort; double-click a row, or press Return, for why")
        t.currentCellChanged.connect(lambda r, _c, _r0, _c0: self._picked(r))
        return t

    # -- which season ------------------------------------------------------------------------

    def set_document(self, doc) -> None:
        self.doc = doc
        self.refresh()

    def refresh(self) -> None:
        """The seasons again (after an adjudication, an answer or an undo): the last played."""
        doc = self.doc
        self._gazettes = {}
        self.season.blockSignals(True)
        self.season.clear()
        for i, rec in enumerate(doc.history):
            final = "" if rec.result.get("final", True) else " — not final"
            self.season.addItem(f"{phase_title(rec.phase)} ({rec.phase}){final}", i)
        self.season.setCurrentIndex(len(doc.history) - 1)
        self.season.setEnabled(bool(doc.history))
        self.season.blockSignals(False)
        self._season_changed()

    def show_season(self, index: int) -> None:
        self.season.setCurrentIndex(self.season.findData(index))

    def season_index(self) -> int | None:
        return self.season.currentData()

    def _season_changed(self, *_args) -> None:
        index = self.season_index()
        doc = self.doc
        if index is None or not 0 <= index < len(doc.history):
            self.rows = []
            self.heading.setText("No season adjudicated yet: Ctrl+Enter adjudicates the season")
            self.gazette.setPlainText("")
            self._fill()
            return
        rec = doc.history[index]
        self.rows = hyper_results.rows(rec.result, rec.position, doc.shown_names())
        last = " (the last played)" if index == len(doc.history) - 1 else " (read only)"
        self.heading.setText(f"Results of {phase_title(rec.phase)}{last}: {hyper_results.summary(rec.result)}")
        self.gazette.setPlainText(self._gazette(index))
        self.why.clear()
        self._fill()
        self.season_picked.emit(index)

    def _gazette(self, index: int) -> str:
        """The public paper of season ``index`` (worked out once per season record)."""
        rec = self.doc.history[index]
        hit = self._gazettes.get(index)
        if hit is None or hit[0] is not rec:
            hit = self._gazettes[index] = (rec, text(gazette(rec.result, rec.position, self.doc.shown_names())))
        return hit[1]

    def gazette_text(self) -> str:
        return self.gazette.toPlainText()

    # -- the rows ----------------------------------------------------------------------------

    def set_focus(self, giver: str | None) -> None:
        """The nation of the sheet the GM is on (for "Only this nation")."""
        self.focus = giver
        self.only.setText(f"Only {self.doc.name_of(giver)}" if giver and self.doc is not None else "Only this nation")
        if self.only.isChecked():
            self._fill()

    def _fill(self) -> None:
        field = FIELDS[self.sort_column]
        shown = [r for r in self.rows if not (self.only.isChecked() and self.focus) or r.giver == self.focus]
        shown.sort(key=lambda r: r.sort_key(field), reverse=self.sort_order == Qt.SortOrder.DescendingOrder)
        self.shown = shown
        t = self.table
        t.setUpdatesEnabled(False)
        t.setRowCount(len(shown))
        shade, previous = 1, None
        for r, row in enumerate(shown):
            if row.giver != previous:
                shade, previous = 1 - shade, row.giver
            brush = QBrush(QColor(GROUP_SHADES[shade]))
            tip = row.why_text()
            for c, f in enumerate(FIELDS):
                item = QTableWidgetItem(str(getattr(row, f)))
                item.setBackground(brush)
                item.setToolTip(tip)
                if c == STATUS and row.status in STATUS_COLOURS:
                    item.setForeground(QBrush(QColor(STATUS_COLOURS[row.status])))
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                t.setItem(r, c, item)
        t.resizeColumnsToContents()
        t.horizontalHeader().setSectionResizeMode(DETAIL, QHeaderView.ResizeMode.Stretch)
        t.setUpdatesEnabled(True)

    def _picked(self, row: int) -> None:
        if 0 <= row < len(self.shown):
            r = self.shown[row]
            self.row_picked.emit(r.giver, r.place)
            if self.side.currentWidget() is self.why:
                self.why.setPlainText(r.why_text())

    def show_why(self, row: int) -> str:
        """The Why of table row ``row``, beside the table; returns its text ("" if none)."""
        if not 0 <= row < len(self.shown):
            return ""
        text_ = self.shown[row].why_text()
        self.why.setPlainText(text_)
        self.side.setCurrentWidget(self.why)
        return text_

    def row_of(self, giver: str, given: str) -> int:
        """The table row of ``giver``'s line ``given`` (tests read the dock as drawn); -1 if none."""
        return next((i for i, r in enumerate(self.shown) if r.giver == giver and r.given == given), -1)

    def cell(self, row: int, column: str) -> str:
        item = self.table.item(row, COLUMNS.index(column))
        return item.text() if item is not None else ""
