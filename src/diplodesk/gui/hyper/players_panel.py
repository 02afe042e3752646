"""Players and diplomacy: who plays by mail at which address (editable, :mod:`.roster_editor`),
who controls which nations (changed under their table, :mod:`.control_editor`), alliances,
exiles, joint victories.

One table per kind of fact (``document/hyper_players.py``), read off the current position;
a secret joint victory agreement is shown, marked as known to the GM only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document.hyper_players import GM_ONLY, Diplomacy, diplomacy
from .control_editor import ControlEditor
from .grids import grid
from .roster_editor import RosterEditor

SECTIONS = {"players": "Players", "nations": "Nations and their control", "alliances": "Alliances (III.36-39)",
            "exiles": "Governments in exile (II.7-8)", "agreements": "Joint victory agreements (IX.9)",
            "delegations": "This season's delegations (IX.4)"}
SECRET = "#ffe3c2"


class PlayersPanel(QWidget):
    def __init__(self, view, parent: QWidget | None = None):
        super().__init__(parent)
        self.view = view
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        self.heading = QLabel()
        box.addWidget(self.heading)
        split = QSplitter(Qt.Vertical)
        self.roster = RosterEditor(view)
        split.addWidget(self.roster)
        self.tables: dict[str, QTableWidget] = {}
        for key, title in SECTIONS.items():
            w = QWidget()
            inner = QVBoxLayout(w)
            inner.setContentsMargins(0, 2, 0, 2)
            inner.addWidget(QLabel(f"<b>{title}</b>"))
            t = grid(Diplomacy.HEADERS[key], stretch=len(Diplomacy.HEADERS[key]) - 1)
            inner.addWidget(t)
            self.tables[key] = t
            if key == "nations":  # who plays a nation is the GM's to change (I.4); a row picked is chosen
                self.control = ControlEditor(view)
                inner.addWidget(self.control)
                t.currentCellChanged.connect(lambda r, _c, _r, _p, t=t: self._pick_nation(t, r))
            split.addWidget(w)
        for i, stretch in enumerate((3, 3, 4, 2, 1, 2, 1)):  # the players and nations are the long lists
            split.setStretchFactor(i, stretch)
        box.addWidget(split, 1)
        view.changed.connect(self.refresh)
        self.refresh()

    def _pick_nation(self, table: QTableWidget, row: int) -> None:
        item = table.item(row, 0)
        if item is not None:
            self.control.choose(item.text())

    def refresh(self) -> None:
        pos = self.view.game.current
        self.heading.setText(f"{pos.phase}: players and diplomacy")
        self.roster.refresh()
        self.control.refresh()
        d = diplomacy(pos)
        for key, t in self.tables.items():
            rows = getattr(d, key)
            t.setRowCount(len(rows))
            for i, row in enumerate(rows):
                for j, text in enumerate(row):
                    item = QTableWidgetItem(text)
                    if GM_ONLY in row:
                        item.setBackground(QBrush(QColor(SECRET)))
                    self.tables[key].setItem(i, j, item)
            t.resizeColumnsToContents()
            t.horizontalHeader().setSectionResizeMode(t.columnCount() - 1, QHeaderView.Stretch)
