"""The lines of a pasted e-mail that were not read as orders, kept where they can be fixed:
each with its line number, why it was not read, and the nation it would go to. The GM edits a
line, picks its nation and puts it on that nation's sheet (where the engine checks it like any
other), or dismisses the rest. Nothing pasted is dropped with a passing message."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .grids import grid

LINE, TEXT, WHY, NATION = range(4)


class PastedLinesDock(QDockWidget):
    """The last paste's lines that are no orders."""

    put = Signal(str, list)  # giver, the lines to add to its sheet

    def __init__(self, doc, parent: QWidget | None = None):
        super().__init__("Not orders", parent)
        self.setObjectName("pasted-lines-dock")
        self.doc = doc
        body = QWidget()
        self.heading = QLabel("Lines of a pasted e-mail that were not read as orders are listed here.")
        self.heading.setObjectName("pasted-heading")
        self.heading.setWordWrap(True)
        self.table = grid(["Line", "Text (edit it)", "Why it was not read", "Nation"], stretch=TEXT,
                          editable=True, name="pasted-lines")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.put_button = QPushButton("Put on the sheet")
        self.put_button.setObjectName("pasted-put")
        self.put_button.setToolTip("The lines selected (all, if none), as edited, onto their nation's sheet")
        self.put_button.clicked.connect(lambda: self.put_lines())
        self.dismiss = QPushButton("Dismiss")
        self.dismiss.setToolTip("They are not orders: clear the list")
        self.dismiss.clicked.connect(self.clear)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.put_button)
        buttons.addWidget(self.dismiss)
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.heading)
        lay.addWidget(self.table, 1)
        lay.addLayout(buttons)
        self.setWidget(body)

    def show_lines(self, lines, default: str | None, summary: str) -> None:
        """The ignored lines of a paste (``PastedLine``s), each offered to the nation of the
        heading above it (else ``default``, the sheet the paste came from)."""
        t = self.table
        t.setRowCount(0)
        current = default
        rows = []
        for ln in lines:
            if ln.kind == "heading":
                current = ln.power
            elif ln.kind == "ignored":
                rows.append((ln, current))
        t.setRowCount(len(rows))
        givers = sorted(self.doc.givers, key=lambda g: self.doc.name_of(g).casefold())
        for r, (ln, giver) in enumerate(rows):
            number = QTableWidgetItem(str(ln.number))
            number.setFlags(number.flags() & ~Qt.ItemFlag.ItemIsEditable)
            t.setItem(r, LINE, number)
            t.setItem(r, TEXT, QTableWidgetItem(ln.text.strip()))
            why = QTableWidgetItem(ln.message)
            why.setFlags(why.flags() & ~Qt.ItemFlag.ItemIsEditable)
            t.setItem(r, WHY, why)
            box = QComboBox()
            box.addItem("(choose a nation)", None)
            for g in givers:
                box.addItem(f"{self.doc.name_of(g)} ({g})", g)
            box.setCurrentIndex(max(0, box.findData(giver)))
            t.setCellWidget(r, NATION, box)
        t.resizeColumnsToContents()
        n = len(rows)
        self.heading.setText(f"{summary}. {n} line{'s' if n != 1 else ''} not read as orders: fix a line, "
                             "pick its nation and put it on the sheet, or dismiss them.")
        self.put_button.setEnabled(bool(n))

    def rows(self) -> list[tuple[str, str, str | None]]:
        """(text, why, nation) of each line listed (tests read the dock as shown)."""
        out = []
        for r in range(self.table.rowCount()):
            box = self.table.cellWidget(r, NATION)
            out.append((self.table.item(r, TEXT).text(), self.table.item(r, WHY).text(),
                        box.currentData() if box is not None else None))
        return out

    def set_nation(self, row: int, giver: str) -> None:
        box = self.table.cellWidget(row, NATION)
        box.setCurrentIndex(box.findData(giver))

    def put_lines(self, rows: list[int] | None = None) -> int:
        """Put the lines (the selected ones; all when none is) on their nations' sheets; the
        lines with no nation chosen stay. Returns how many went."""
        chosen = rows if rows is not None else sorted({i.row() for i in self.table.selectedIndexes()})
        if not chosen:
            chosen = list(range(self.table.rowCount()))
        by_giver: dict[str, list[str]] = {}
        gone = []
        for r in chosen:
            box = self.table.cellWidget(r, NATION)
            giver = box.currentData() if box is not None else None
            text = self.table.item(r, TEXT).text().strip()
            if giver and text:
                by_giver.setdefault(giver, []).append(text)
                gone.append(r)
        for giver, lines in by_giver.items():
            self.put.emit(giver, lines)
        for r in sorted(gone, reverse=True):
            self.table.removeRow(r)
        self.put_button.setEnabled(self.table.rowCount() > 0)
        return len(gone)

    def clear(self) -> None:
        self.table.setRowCount(0)
        self.heading.setText("No pasted line waits to be read.")
        self.put_button.setEnabled(False)
