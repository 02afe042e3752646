"""Every roll of the last adjudication with its key and the table cell it was read off.

A GM who rolls real dice types their faces into the Faces column (``6 6``); they become the
engine's dice override for that key and the season is adjudicated again, an undoable
command. Emptying the cell gives the derived roll back. Manual rolls are marked.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document import hyper_desk
from .grids import grid

MANUAL = "#e4dcff"


class DiceLog(QWidget):
    COLUMNS = ["Purpose", "Subject", "Dice", "Faces", "Total", "Table cell", "Manual", "Key"]
    FACES = 3

    def __init__(self, view, parent: QWidget | None = None):
        super().__init__(parent)
        self.view = view
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        self.heading = QLabel()
        box.addWidget(self.heading)
        self.table = grid(self.COLUMNS, stretch=5, editable=True)  # real dice are typed into Faces
        self.table.itemChanged.connect(self._typed)
        box.addWidget(self.table, 1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        box.addWidget(self.message)
        self.rolls: list[dict] = []
        view.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.rolls = sorted(hyper_desk.rolls(self.view.game), key=lambda r: r["key"])
        r = hyper_desk.last_result(self.view.game)
        self.heading.setText("No season adjudicated yet" if r is None else
                             f"{r.get('phase', '')}: {len(self.rolls)} roll{'s' if len(self.rolls) != 1 else ''}"
                             " (type the faces of real dice into Faces)")
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.rolls))
        for i, roll in enumerate(self.rolls):
            cells = [roll["purpose"], roll["subject"], roll["dice"], " ".join(map(str, roll["faces"])),
                     str(roll["total"]), roll["cell"], "manual" if roll["manual"] else "", roll["key"]]
            for j, text in enumerate(cells):
                item = self.table.item(i, j)  # kept, not replaced: its own edit may be running
                if item is None:
                    item = QTableWidgetItem()
                    if j != self.FACES:
                        item.setFlags(item.flags() & ~Qt.ItemIsEditable)
                    self.table.setItem(i, j, item)
                item.setText(text)
                item.setBackground(QBrush(QColor(MANUAL)) if roll["manual"] else QBrush())
                item.setToolTip(roll["key"])
        self.table.blockSignals(False)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(5, QHeaderView.Stretch)

    def _typed(self, item: QTableWidgetItem) -> None:
        if item.column() == self.FACES:
            self.override(self.rolls[item.row()]["key"], item.text())

    def override(self, key: str, text: str) -> bool:
        """The GM's faces for a roll (empty: the derived roll); adjudicates the season again."""
        try:
            faces = hyper_desk.parse_faces(text) if text.strip() else None
            command = hyper_desk.dice_command(self.view.game, key, faces)
        except hyper_desk.DeskError as e:
            self.message.setStyleSheet("color: #a00000;")
            self.message.setText(str(e))
            self.refresh()
            return False
        self.view.push(command)
        self.message.setStyleSheet("")
        self.message.setText(f"{command.text}; the season was adjudicated again")
        return True
