"""The ledger dock: every nation and bank in a sortable table ($, E, M, A, I, Trs, FFs, units,
provinces), at the end of a chosen season; the row picked shows its statement for that
season, each line with its order as written, the rule and the table cell."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document import hyper_ledger
from ...document.hyper_game import HyperGameDocument
from ...document.hyper_ledger import COLUMNS, STATEMENT_COLUMNS, LedgerRow
from ...engine.position import PositionError
from .grids import grid


class _Number(QTableWidgetItem):
    """A cell that sorts by its value, not its text."""

    def __init__(self, text: str, value: float):
        super().__init__(text)
        self.value = value
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other) -> bool:
        if isinstance(other, _Number):
            return self.value < other.value
        return super().__lt__(other)


class LedgerDock(QDockWidget):
    """Balances of all nations and banks, and one's statement."""

    picked = Signal(str)  # a nation or bank was chosen

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Ledger", parent)
        self.setObjectName("ledger-dock")
        self.doc: HyperGameDocument | None = None
        body = QWidget()
        self.season = QComboBox()
        self.season.setObjectName("ledger-season")
        self.season.currentIndexChanged.connect(self._season_changed)
        self.player = QComboBox()
        self.player.setObjectName("ledger-player")
        self.player.currentIndexChanged.connect(self._season_changed)
        top = QHBoxLayout()
        top.addWidget(QLabel("End of season:"))
        top.addWidget(self.season, 1)
        top.addWidget(QLabel("Player:"))
        top.addWidget(self.player)
        self.table = grid(["Nation / bank", *COLUMNS], name="ledger-table")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setDefaultSectionSize(20)
        # columns are fitted once a fill (fitting them per cell costs seconds at sixty rows)
        self.table.setSortingEnabled(True)
        self.table.sortItems(0, Qt.SortOrder.AscendingOrder)
        self.table.itemSelectionChanged.connect(self._row_picked)
        self.title = QLabel()
        self.title.setObjectName("statement-title")
        self.statement = grid(["Line", *STATEMENT_COLUMNS, "Order", "Rule", "Cell"], name="statement-table")
        self.statement.verticalHeader().setDefaultSectionSize(20)
        self.statement.setWordWrap(False)
        lower = QWidget()
        low = QVBoxLayout(lower)
        low.setContentsMargins(0, 0, 0, 0)
        low.addWidget(self.title)
        low.addWidget(self.statement)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(lower)
        split.setSizes([640, 780])
        self.split = split
        lay = QVBoxLayout(body)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        self.setWidget(body)
        self.shown: list[LedgerRow] = []
        self.who: str | None = None

    def set_document(self, doc: HyperGameDocument) -> None:
        self.doc = doc
        self.refresh()

    # -- which season --------------------------------------------------------------------

    def refresh(self) -> None:
        """Seasons and rows again (after an adjudication or an undo): the last season played."""
        doc = self.doc
        self.season.blockSignals(True)
        self.season.clear()
        for i, rec in enumerate(doc.history):
            self.season.addItem(f"{rec.phase} (played)", i)
        self.season.addItem(f"{doc.position.phase}: start (being ordered)", None)
        self.season.setCurrentIndex(max(0, len(doc.history) - 1))
        self.season.blockSignals(False)
        keep = self.player.currentData()
        self.player.blockSignals(True)
        self.player.clear()
        self.player.addItem("all", None)
        for pid in doc.position.player_ids():
            self.player.addItem(pid, pid)
        self.player.setCurrentIndex(max(0, self.player.findData(keep)))
        self.player.blockSignals(False)
        self._season_changed()

    def season_index(self) -> int | None:
        return self.season.currentData()

    def _position_after(self, index: int | None):
        """The end of season ``index``: the start of the next (None: the season being ordered)."""
        doc = self.doc
        if index is None or index + 1 >= len(doc.history):
            return doc.position
        return doc.position_at(index + 1)

    def _season_changed(self, *_args) -> None:
        try:
            position = self._position_after(self.season_index())
        except (PositionError, ValueError) as e:  # a season record the engine cannot read again
            self.title.setText(f"That season cannot be read again: {e}")
            return
        self.fill(position)

    # -- the table -----------------------------------------------------------------------

    def fill(self, position) -> None:
        player = self.player.currentData()
        self.shown = [r for r in hyper_ledger.rows(position) if player is None or player in r.players]
        t = self.table
        t.setSortingEnabled(False)
        t.setRowCount(len(self.shown))
        for r, row in enumerate(self.shown):
            name = QTableWidgetItem(f"{row.name} ({row.who})" + (" — bank" if row.kind == "bank" else ""))
            name.setData(Qt.ItemDataRole.UserRole, row.who)
            t.setItem(r, 0, name)
            for c, col in enumerate(COLUMNS, 1):
                v = row.values.get(col)
                t.setItem(r, c, _Number(row.text(col), -1e18 if v is None else float(v)))
        t.setSortingEnabled(True)
        t.resizeColumnsToContents()
        self._fit_split()
        keep = self.who
        self.who = None
        if keep is not None:
            self.pick(keep)
            if self.who is None:  # the same row stayed selected, which says nothing: the
                self.who = keep   # statement is still the other season's
                self.show_statement(keep)

    def _fit_split(self) -> None:
        """The balances table as wide as its columns (none cut off), the statement the rest."""
        t = self.table
        need = sum(t.columnWidth(c) for c in range(t.columnCount())) + t.verticalScrollBar().sizeHint().width() + 6
        total = sum(self.split.sizes())
        if total > 0:
            self.split.setSizes([min(need, int(total * 0.55)), max(1, total - min(need, int(total * 0.55)))])

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_split()

    def value(self, who: str, column: str) -> str:
        """What the table shows for ``who`` in ``column`` (tests read the dock as drawn)."""
        c = 1 + COLUMNS.index(column)
        for r in range(self.table.rowCount()):
            if self.table.item(r, 0).data(Qt.ItemDataRole.UserRole) == who:
                return self.table.item(r, c).text()
        raise KeyError(who)

    def pick(self, who: str) -> None:
        for r in range(self.table.rowCount()):
            if self.table.item(r, 0).data(Qt.ItemDataRole.UserRole) == who:
                self.table.selectRow(r)
                return

    def _row_picked(self) -> None:
        items = self.table.selectedItems()
        if not items:
            return
        who = self.table.item(items[0].row(), 0).data(Qt.ItemDataRole.UserRole)
        if who != self.who:
            self.who = who
            self.show_statement(who)
            self.picked.emit(who)

    # -- the statement -------------------------------------------------------------------

    def show_statement(self, who: str) -> None:
        doc, index = self.doc, self.season_index()
        s = self.statement
        if index is None:
            self.title.setText(f"{doc.name_of(who)}: {doc.position.phase} is not played yet; "
                               "pick a season played for its statement")
            s.setRowCount(0)
            return
        rec = doc.history[index]
        lines = hyper_ledger.statement(rec.position, rec.result, who)
        self.title.setText(f"{doc.name_of(who)} — statement for {rec.phase}")
        s.setRowCount(len(lines))
        for r, line in enumerate(lines):
            label = line.label if line.kind in ("start", "end", "section") else "  " + line.label
            first = QTableWidgetItem(label)
            if line.kind != "entry":
                f = first.font()
                f.setBold(True)
                first.setFont(f)
            s.setItem(r, 0, first)
            for c, col in enumerate(STATEMENT_COLUMNS, 1):
                s.setItem(r, c, _Number(line.text(col), line.values.get(col, 0)))
            s.setItem(r, len(STATEMENT_COLUMNS) + 1, QTableWidgetItem(line.order))
            s.setItem(r, len(STATEMENT_COLUMNS) + 2, QTableWidgetItem(line.rule))
            s.setItem(r, len(STATEMENT_COLUMNS) + 3, QTableWidgetItem(line.cell))
        s.resizeColumnsToContents()

    def statement_rows(self) -> list[list[str]]:
        s = self.statement
        return [[s.item(r, c).text() if s.item(r, c) else "" for c in range(s.columnCount())]
                for r in range(s.rowCount())]
