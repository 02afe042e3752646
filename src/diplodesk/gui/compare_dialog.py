"""Two timelines side by side: a what-if and the real game (or two what-ifs), on two maps
of one phase, and as the list of results that differ (``document/branches.compare``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..document import branches
from ..document.game_document import GameDocument
from .history_dock import phase_title
from .layers import LayeredPainter
from .map_view import Highlights, MapView


class CompareDialog(QDialog):
    """Compare two timelines: pick each side and the phase; the maps show that phase's
    results in each, the table every result that differs (a click shows its phase)."""

    def __init__(self, doc: GameDocument, layers: LayeredPainter | None, left: int | None, right: int | None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("compare-dialog")
        self.setWindowTitle("Compare what-ifs")
        self.doc = doc
        box = QVBoxLayout(self)
        row = QHBoxLayout()
        self.sides = [QComboBox(), QComboBox()]
        for combo in self.sides:
            combo.addItem(branches.REAL, None)
            for i, b in enumerate(doc.branches):
                combo.addItem(f"↳ {b.name}", i)
        self.phase = QComboBox()
        row.addWidget(QLabel("Left:"))
        row.addWidget(self.sides[0], 1)
        row.addWidget(QLabel("Right:"))
        row.addWidget(self.sides[1], 1)
        row.addWidget(QLabel("Phase:"))
        row.addWidget(self.phase, 1)
        box.addLayout(row)
        split = QSplitter(Qt.Orientation.Vertical)
        maps = QWidget()
        grid = QGridLayout(maps)
        grid.setContentsMargins(0, 0, 0, 0)
        self.titles = [QLabel(), QLabel()]
        self.maps = [MapView(self, interactive=False), MapView(self, interactive=False)]
        for col, (title, view) in enumerate(zip(self.titles, self.maps, strict=True)):
            title.setStyleSheet("font-weight: bold")
            grid.addWidget(title, 0, col)
            grid.addWidget(view, 1, col)
            view.setMinimumSize(200, 160)
            if layers is not None:
                view.set_map(layers)
        split.addWidget(maps)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["Phase", "Power", "Unit", "Left", "Right"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        hh = self.table.horizontalHeader()
        for c in (0, 2):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(1, 150)
        hh.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        split.addWidget(self.table)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        box.addWidget(split, 1)
        self.summary = QLabel()
        box.addWidget(self.summary)
        self.differences: list[branches.Difference] = []
        self._syncing = False
        a, b = self.maps
        for src, dst in ((a, b), (b, a)):
            src.horizontalScrollBar().valueChanged.connect(lambda _v, s=src, d=dst: self._sync(s, d))
            src.verticalScrollBar().valueChanged.connect(lambda _v, s=src, d=dst: self._sync(s, d))
            src.zoom_changed.connect(lambda _z, s=src, d=dst: self._sync(s, d))
        for combo, value in zip(self.sides, (left, right), strict=True):
            combo.setCurrentIndex(max(0, combo.findData(value)))
            combo.currentIndexChanged.connect(lambda _i: self.refresh())
        self.phase.currentIndexChanged.connect(lambda _i: self._show_phase())
        self.table.currentCellChanged.connect(lambda r, _c, _r, _p: self._row_chosen(r))
        self.resize(1200, 820)
        self.refresh()

    def side(self, i: int):
        b = self.sides[i].currentData()
        return self.doc.branches[b] if b is not None and 0 <= b < len(self.doc.branches) else None

    def refresh(self) -> None:
        """Both sides chosen again: the phases they have, and what differs."""
        game = self.doc.trunk
        a, b = self.side(0), self.side(1)
        self.differences = branches.compare(game, a, b)
        self.table.setRowCount(len(self.differences))
        for row, d in enumerate(self.differences):
            for c, v in enumerate((d.phase, d.power, d.unit, d.left, d.right)):
                item = QTableWidgetItem(v)
                item.setToolTip(v)
                if c >= 3 and v == branches.ABSENT:
                    item.setForeground(QBrush(QColor("#7a7a7a")))
                self.table.setItem(row, c, item)
        phases = self._phases()
        changed = {d.phase for d in self.differences}
        self.phase.blockSignals(True)
        self.phase.clear()
        for ph in phases:
            self.phase.addItem(f"{phase_title(ph)} ({ph})" + ("  ≠" if ph in changed else ""), ph)
        first = next((i for i, ph in enumerate(phases) if ph in changed), len(phases) - 1)
        self.phase.setCurrentIndex(max(0, first))
        self.phase.blockSignals(False)
        n = len(self.differences)
        self.summary.setText(f"{n} result{'s' if n != 1 else ''} differ" if n else "The two give the same results.")
        self._show_phase()

    def _phases(self) -> list[str]:
        out: list[str] = []
        for side in (self.side(0), self.side(1)):
            for r in branches.records(self.doc.trunk, side):
                if r.phase not in out:
                    out.append(r.phase)
        return out

    def _show_phase(self) -> None:
        ph = self.phase.currentData()
        # the units whose results differ, marked on both maps
        marked = frozenset(_province(d.unit) for d in self.differences if d.phase == ph) - {""}
        for view in self.maps:
            view.set_highlights(Highlights(marked=marked))
        for i in range(2):
            side = self.side(i)
            rec = next((r for r in branches.records(self.doc.trunk, side) if r.phase == ph), None)
            name = self.sides[i].currentText()
            if rec is None:
                self.maps[i].set_content(None)
                self.titles[i].setText(f"{name}: no {ph} in this timeline")
                continue
            self.maps[i].set_content(self.doc.game.load_position(rec.position), rec.result)
            self.titles[i].setText(f"{name} — {phase_title(ph)}, results")

    def _sync(self, src: MapView, dst: MapView) -> None:
        """Pan and zoom the other map with this one, so the same place is side by side."""
        if self._syncing or src.resizing or src.layers is None or dst.layers is None:
            return
        self._syncing = True
        try:
            dst.setTransform(src.transform())
            dst.horizontalScrollBar().setValue(src.horizontalScrollBar().value())
            dst.verticalScrollBar().setValue(src.verticalScrollBar().value())
            dst.viewport().update()
        finally:
            self._syncing = False

    def _row_chosen(self, row: int) -> None:
        if 0 <= row < len(self.differences):
            i = self.phase.findData(self.differences[row].phase)
            if i >= 0 and i != self.phase.currentIndex():
                self.phase.setCurrentIndex(i)


def _province(unit: str) -> str:
    """The province of a unit as the differences name it ("A par", "B F stp/sc", "centres": none)."""
    words = unit.split()
    i = 2 if words[:1] in (["B"], ["D"]) else 1
    return words[i].split("/")[0].lower() if len(words) > i and words[0] in ("A", "F", "B", "D") else ""
