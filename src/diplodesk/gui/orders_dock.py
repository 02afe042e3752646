"""The orders dock: every power's orders at a glance, and the chosen power's as editable text.

The table lists the powers (the one being edited highlighted) with how many of their
units have orders and how many orders have problems; a click picks the power. Below it
the power's orders are plain text, one a line, checked by the engine as you type: a line
the parser can't read is underlined red, one the engine would not carry out orange, and
the line under the cursor says why. Typed orders become a command on the undo stack when
typing pauses, when the editor loses focus, or before any other change is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPixmap, QSyntaxHighlighter, QTextCharFormat
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..document.checks import ERROR, WARNING, check_order, check_orders, order_count
from ..engine.options import move_targets
from ..engine.phase import PhaseType
from ..engine.position import Position
from .dialogs import small_button

if TYPE_CHECKING:
    from ..document.game_document import GameDocument

COMMIT_DELAY_MS = 700


def power_icon(colour: str, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(QColor(colour))
    return QIcon(pm)


class OrderHighlighter(QSyntaxHighlighter):
    """Underlines each line by what the engine makes of it."""

    def __init__(self, document):
        super().__init__(document)
        self.position: Position | None = None
        self.power: str | None = None
        self._err = QTextCharFormat()
        self._err.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        self._err.setUnderlineColor(QColor("#d0021b"))
        self._err.setForeground(QColor("#b00018"))
        self._warn = QTextCharFormat()
        self._warn.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        self._warn.setUnderlineColor(QColor("#e08a00"))

    def highlightBlock(self, text: str) -> None:
        if self.position is None or self.power is None or not text.strip():
            return
        c = check_order(self.position, self.power, text)
        if c.level == ERROR:
            start = c.column if c.column is not None and c.column < len(text) else 0
            self.setFormat(start, len(text) - start, self._err)
        elif c.level == WARNING:
            self.setFormat(0, len(text), self._warn)


class OrdersEditor(QPlainTextEdit):
    focus_lost = Signal()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.focus_lost.emit()


class OrdersDock(QDockWidget):
    """Orders of every power; the chosen power's editable."""

    power_clicked = Signal(str)
    commit_requested = Signal(str, list)  # power, texts: the window pushes the command
    paste_requested = Signal()
    clear_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Orders", parent)
        self.setObjectName("orders-dock")
        self.doc: GameDocument | None = None
        self.power: str | None = None
        self.position: Position | None = None  # what is shown (the current phase or a past one)
        self.read_only = False
        self._loading = False
        self._loaded: list[str] = []  # the lines as last shown from the document

        w = QWidget()
        box = QVBoxLayout(w)
        box.setContentsMargins(4, 4, 4, 4)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Power", "Orders", "Problems"])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.cellClicked.connect(self._row_clicked)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        box.addWidget(self.table, 6)

        self.heading = QLabel()
        f = self.heading.font()
        f.setBold(True)
        self.heading.setFont(f)
        box.addWidget(self.heading)
        self.editor = OrdersEditor()
        mono = QFont("DejaVu Sans Mono")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.editor.setFont(mono)
        self.editor.setUndoRedoEnabled(False)  # Ctrl+Z goes to the game's undo stack
        self.editor.setPlaceholderText("One order a line, e.g.\nF lon - nth\nA lvp - yor")
        self.highlighter = OrderHighlighter(self.editor.document())
        self.editor.setMinimumHeight(44)  # three lines; the dock shares a column with the tabs
        box.addWidget(self.editor, 3)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setMinimumHeight(32)
        box.addWidget(self.problem)
        row = QHBoxLayout()
        self.paste_button = small_button("Paste block…", "Paste orders from an e-mail for one or all powers")
        self.clear_button = small_button("Clear", "Clear this power's orders")
        row.addWidget(self.paste_button)
        row.addWidget(self.clear_button)
        row.addStretch(1)
        box.addLayout(row)
        self.setWidget(w)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COMMIT_DELAY_MS)
        self._timer.timeout.connect(self.commit)
        self.editor.textChanged.connect(self._edited)
        self.editor.cursorPositionChanged.connect(self._show_problem)
        self.editor.focus_lost.connect(self.commit)
        self.paste_button.clicked.connect(self.paste_requested)
        self.clear_button.clicked.connect(self.clear_requested)

    # -- what is shown -------------------------------------------------------------------

    def show_orders(self, doc: GameDocument, power: str, position: Position, read_only: bool) -> None:
        """Show ``power``'s orders in ``position`` (the current one, or a past phase's)."""
        if self._timer.isActive():
            self.commit()
        self.doc, self.power, self.position, self.read_only = doc, power, position, read_only
        self.highlighter.position = position
        self.highlighter.power = power
        self.editor.setReadOnly(read_only)
        self.paste_button.setEnabled(not read_only)
        self.clear_button.setEnabled(not read_only)
        phase = position.phase.long_name
        self.heading.setText(f"{power} — {phase}" + (" (read-only)" if read_only else ""))
        self._set_text("\n".join(position.orders.get(power, ())))
        self.editor.setPlaceholderText(example_text(position, power))
        self.refresh_table()

    def orders_changed(self, power: str) -> None:
        """The document's orders of ``power`` changed (by a command)."""
        if self.doc is None or self.read_only:
            return
        self.position = self.doc.position
        self.highlighter.position = self.position
        if power == self.power and not self._timer.isActive():
            text = "\n".join(self.doc.orders(power))
            if text != self._texts_joined():
                self._set_text(text)
        self.refresh_table()

    def _texts_joined(self) -> str:
        return "\n".join(self._lines())

    def _lines(self) -> list[str]:
        return [ln.strip() for ln in self.editor.toPlainText().splitlines() if ln.strip()]

    def _set_text(self, text: str) -> None:
        self._loading = True
        cursor = self.editor.textCursor()
        pos = cursor.position()
        self.editor.setPlainText(text)
        cursor = self.editor.textCursor()
        cursor.setPosition(min(pos, len(text)))
        self.editor.setTextCursor(cursor)
        self.highlighter.rehighlight()
        self._loaded = self._lines()
        self._loading = False
        self._timer.stop()
        self._show_problem()

    def refresh_table(self) -> None:
        if self.doc is None or self.position is None:
            return
        pos = self.position
        powers = self.doc.powers
        # who plays each power (Woolworth): the GM's desk only, never a player's output
        owners = {power: (player, role) for player, pw in self.doc.players.items() for role, power in pw.items()}
        want = 4 if owners else 3
        if self.table.columnCount() != want:
            self.table.setColumnCount(want)
            self.table.setHorizontalHeaderLabels(["Power", "Orders", "Problems", "Player (GM only)"][:want])
            if want == 4:
                self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setRowCount(len(powers))
        # as tall as its powers need (up to ten; more scroll), the editor takes the rest; a small
        # window may still shrink it
        rows = min(len(powers), 10)
        self.table.setMaximumHeight(self.table.horizontalHeader().sizeHint().height()
                                    + rows * self.table.verticalHeader().defaultSectionSize() + 4)
        for r, p in enumerate(powers):
            given, need, checks = order_count(pos, p)
            problems = sum(1 for c in checks if c.level in (ERROR, WARNING))
            name = QTableWidgetItem(power_icon(self.doc.variant.power(p).color), p)
            count = QTableWidgetItem(f"{given}/{need}")
            count.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            prob = QTableWidgetItem(str(problems) if problems else "")
            prob.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if problems:
                prob.setForeground(QBrush(QColor("#c0392b")))
            items = [name, count, prob]
            if owners:
                player, role = owners.get(p, ("", ""))
                who = QTableWidgetItem(f"{player} ({role})" if player else "")
                if role == "secret":
                    f = who.font()
                    f.setItalic(True)
                    who.setFont(f)
                items.append(who)
            for c, item in enumerate(items):
                self.table.setItem(r, c, item)
        if self.power in powers:
            self.table.selectRow(powers.index(self.power))

    # -- editing -------------------------------------------------------------------------

    def _row_clicked(self, row: int, _col: int) -> None:
        if self.doc is not None and 0 <= row < len(self.doc.powers):
            self.power_clicked.emit(self.doc.powers[row])

    def _edited(self) -> None:
        if self._loading or self.read_only:
            return
        if self._lines() == self._loaded:
            self._timer.stop()  # only the underlining changed, or the edit was taken back
        else:
            self._timer.start()
        self._show_problem()

    def has_pending(self) -> bool:
        return self._timer.isActive()

    def commit(self) -> None:
        """Turn the typed text into a command now (if it differs from the document's)."""
        self._timer.stop()
        if self.doc is None or self.read_only or self.power is None:
            return
        lines = self._lines()
        if lines != self._loaded and tuple(lines) != self.doc.orders(self.power):
            self._loaded = lines
            self.commit_requested.emit(self.power, lines)

    def _show_problem(self) -> None:
        if self.position is None or self.power is None:
            self.problem.setText("")
            return
        line = self.editor.textCursor().block().text()
        if line.strip():
            c = check_order(self.position, self.power, line)
            if c.level == ERROR:
                self.problem.setText(f"<span style='color:#b00018'>✗ {_esc(c.message)}</span>")
                return
            if c.level == WARNING:
                self.problem.setText(f"<span style='color:#a05a00'>⚠ {_esc(c.message)}</span>")
                return
            self.problem.setText(f"<span style='color:#2e7d32'>✓ {_esc(c.understood)}</span>")
            return
        checks = check_orders(self.position, self.power, self._lines())
        bad = [c for c in checks if c.level in (ERROR, WARNING)]
        self.problem.setText(f"{len(bad)} of {len(checks)} orders need a look" if bad else "")


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def example_text(position: Position, power: str) -> str:
    """The order box's hint: two orders this power could give now, from its own units (a
    move of the first unit and a hold of the second), so the example is of this board."""
    units = sorted((u for u in position.units.values() if u.power == power), key=lambda u: u.loc)
    lines = []
    for u in units[:2]:
        kind = getattr(u.type, "value", str(u.type))
        to = move_targets(position, u.province) if not lines and position.phase.type == PhaseType.MOVEMENT else []
        lines.append(f"{kind} {u.loc} - {sorted(to)[0]}" if to else f"{kind} {u.loc} H")
    if not lines:
        return "One order a line"
    return "One order a line, e.g.\n" + "\n".join(lines)

