"""The results dock (what became of each order, and why); the history dock is ``history_tree.py``."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..document.explanations import steps_text
from ..engine.phase import Phase

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


class ResultsDock(QDockWidget):
    """Every order of an adjudicated phase with its status and reason, and why: the Detail
    column gives the engine's explanation in a sentence, its tooltip the steps, and "Why?"
    (or a double click, or Return) opens them beside the table."""

    COLUMNS = ["Power", "Order given", "Read as", "Result", "Reason", "Detail"]

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Results", parent)
        self.setObjectName("results-dock")
        w = QWidget()
        box = QVBoxLayout(w)
        box.setContentsMargins(4, 4, 4, 4)
        self.heading = QLabel("No phase adjudicated yet")
        box.addWidget(self.heading)
        self.winner = QLabel()  # the game's result, after the phase that decided it
        self.winner.setObjectName("winner")
        self.winner.setStyleSheet("#winner { color: #8a5a00; font-weight: bold; }")
        self.winner.hide()
        box.addWidget(self.winner)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(self.COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSortingEnabled(False)
        hh = self.table.horizontalHeader()
        for c in range(len(self.COLUMNS) - 1):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        hh.setStretchLastSection(True)
        box.addWidget(self.table, 1)
        self.table.setToolTip("Double-click a line, or press Return, for why it came out so")
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        why = QAction("&Why?", self.table)
        why.triggered.connect(lambda: self.show_why(self.table.currentRow()))
        self.table.addAction(why)
        self.why = QPlainTextEdit()
        self.why.setReadOnly(True)
        self.why.setObjectName("why")
        self.why.setMaximumHeight(90)
        self.why.hide()
        box.addWidget(self.why)
        self.table.cellDoubleClicked.connect(lambda r, _c: self.show_why(r))
        self.table.installEventFilter(self)
        self._explain: list[dict | None] = []
        self.setWidget(w)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if (obj is self.table and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self.show_why(self.table.currentRow())
            return True
        return super().eventFilter(obj, event)

    def show_why(self, row: int) -> str:
        """Open the explanation of the result in ``row``; returns its text ("" if none)."""
        text = steps_text(self._explain[row]) if 0 <= row < len(self._explain) else ""
        if not text and 0 <= row < self.table.rowCount():
            text = "No explanation for this line: it was recorded by an earlier engine revision."
        self.why.setPlainText(text)
        self.why.setVisible(bool(text))
        return text

    def show_result(self, result: dict[str, Any] | None, phase: str | None = None,
                    explain: list[dict | None] | None = None) -> None:
        """``explain``: one explanation (or None) per line (document/explanations.py)."""
        self._explain = list(explain or [])
        self.why.hide()
        won = victory_text(result)
        self.winner.setText(f"■ Game over: {won}." if won else "")
        self.winner.setVisible(bool(won))
        if not result:
            self.heading.setText("No phase adjudicated yet")
            self.table.setRowCount(0)
            return
        ph = result.get("phase", phase or "")
        lines = result.get("orders", [])
        counts: dict[str, int] = {}
        for r in lines:
            counts[r.get("status", "")] = counts.get(r.get("status", ""), 0) + 1
        summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
        self.heading.setText(f"Results of {phase_title(ph)} ({ph}): {summary}")
        self.table.setRowCount(len(lines))
        for row, r in enumerate(lines):
            status = r.get("status") or ""
            why = self._explain[row] if row < len(self._explain) else None
            detail = (why or {}).get("text") or r.get("detail") or ""
            values = [r.get("power") or "", r.get("text") or "", r.get("order") or "", status,
                      r.get("reason") or "", detail]
            for c, v in enumerate(values):
                item = QTableWidgetItem(v)
                if c == 3 and status in STATUS_COLOURS:
                    item.setForeground(QBrush(QColor(STATUS_COLOURS[status])))
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                if why:
                    item.setToolTip(steps_text(why))
                self.table.setItem(row, c, item)
