"""The history dock: every phase of the game (the Results dock is in results_dock.py)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..engine.phase import Phase
from .dialogs import small_button

STATUS_COLOURS = {"succeeds": "#2e7d32", "fails": "#c62828", "invalid": "#7a7a7a"}


def phase_title(phase: str) -> str:
    try:
        return Phase.parse(phase).long_name
    except ValueError:
        return phase


def victory_text(result: dict[str, Any] | None) -> str | None:
    """Who won with the phase of ``result`` (a phase record's result), for the GM: "France
    has won with 18 centres", or in a game played by players (Woolworth) "Ann has won with
    20 centres (England 12 public + Turkey 8 secret)". None if nobody won then."""
    nxt = (result or {}).get("next") or {}
    winner = nxt.get("winner")
    if not winner:
        return None
    centers = nxt.get("centers") or {}

    def count(power: str) -> int:
        owned = centers.get(power)
        return len(owned) if isinstance(owned, list) else 0

    players = nxt.get("players")
    if isinstance(players, dict) and isinstance(players.get(winner), dict):
        parts, total = [], 0
        for role in ("public", "secret"):
            power = players[winner].get(role)
            if power:
                total += count(power)
                parts.append(f"{power} {count(power)} {role}")
        return f"{winner} has won with {total} centres ({' + '.join(parts)})"
    return f"{winner} has won with {count(winner)} centres"


class HistoryDock(QDockWidget):
    """Every processed phase and the current one; pick one to look at it."""

    phase_chosen = Signal(object)  # history index, or None for the current phase
    rollback_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("History", parent)
        self.setObjectName("history-dock")
        w = QWidget()
        box = QVBoxLayout(w)
        box.setContentsMargins(4, 4, 4, 4)
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        box.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.rollback = small_button("Roll back to here",
                                     "Make the selected phase current again, with its orders (undoable)")
        self.rollback.setEnabled(False)
        row.addWidget(self.rollback)
        row.addStretch(1)
        box.addLayout(row)
        self.setWidget(w)
        self._count = 0
        self._quiet = False
        self.list.currentRowChanged.connect(self._row_changed)
        self.rollback.clicked.connect(self._rollback)

    def set_phases(self, history_phases: list[str], current: str, winner: str | None = None) -> None:
        self._quiet = True
        self.list.clear()
        for i, ph in enumerate(history_phases):
            item = QListWidgetItem(f"{phase_title(ph)}  ({ph})")
            item.setData(Qt.ItemDataRole.UserRole, i)
            self.list.addItem(item)
        label = f"▶ {phase_title(current)}  ({current})"
        if winner:
            label = f"■ {current}: game over, {winner} wins"
        item = QListWidgetItem(label)
        item.setData(Qt.ItemDataRole.UserRole, None)
        f = item.font()
        f.setBold(True)
        item.setFont(f)
        self.list.addItem(item)
        self._count = len(history_phases)
        self._quiet = False

    def select(self, index: int | None) -> None:
        row = self._count if index is None else index
        self._quiet = True
        self.list.setCurrentRow(row)
        self._quiet = False
        self.rollback.setEnabled(index is not None)

    def _row_changed(self, row: int) -> None:
        if row < 0:
            return
        index = None if row >= self._count else row
        self.rollback.setEnabled(index is not None)
        if not self._quiet:
            self.phase_chosen.emit(index)

    def _rollback(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < self._count:
            self.rollback_requested.emit(row)
