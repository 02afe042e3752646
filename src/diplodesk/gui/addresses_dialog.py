"""Game › Players and addresses…: the GM's players, their e-mail addresses and the powers
each plays, saved in the game file (one undoable change). Not the Woolworth deal dialog
(``players_dialog.py``): that one deals powers by lots; this one says where mail goes,
and can take the powers from the deal.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..document.game_document import GameDocument
from ..mail.roster import Player, Roster, RosterError, from_deal

COLUMNS = ("Name", "E-mail address", "Powers (comma between)", "Note")


class AddressesDialog(QDialog):
    """A table of players: a row each; OK only when every row can be used."""

    def __init__(self, doc: GameDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Players and addresses")
        self.resize(900, 520)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        h = self.table.horizontalHeader()
        for i, mode in enumerate((QHeaderView.ResizeMode.Interactive, QHeaderView.ResizeMode.Interactive,
                                  QHeaderView.ResizeMode.Interactive, QHeaderView.ResizeMode.Stretch)):
            h.setSectionResizeMode(i, mode)
        for i, w in enumerate((160, 260, 240)):
            self.table.setColumnWidth(i, w)
        self.table.verticalHeader().hide()
        add = QPushButton("&Add player")
        add.clicked.connect(lambda: self._add_row(Player("", "", ())))
        remove = QPushButton("&Remove player")
        remove.clicked.connect(self._remove_row)
        per_power = QPushButton("One row per &power")
        per_power.setToolTip("A row for each power no player plays yet, to fill in the names and addresses")
        per_power.clicked.connect(self._one_per_power)
        self.from_deal = QPushButton("Powers from the &deal")
        self.from_deal.setToolTip("Woolworth: each dealt player's public and secret powers")
        self.from_deal.setEnabled(bool(doc.players))
        self.from_deal.clicked.connect(self._take_deal)
        row = QHBoxLayout()
        for b in (add, remove, per_power, self.from_deal):
            row.addWidget(b)
        row.addStretch(1)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b00020")
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        intro = QLabel(f"Who plays {doc.variant.name}, and where their mail goes. Orders are taken only "
                       "from these addresses; each player is sent only what their powers may know. "
                       f"Powers: {', '.join(doc.powers)}.")
        intro.setWordWrap(True)
        box.addWidget(intro)
        box.addWidget(self.table, 1)
        box.addLayout(row)
        box.addWidget(self.problem)
        box.addWidget(self.buttons)
        try:
            roster = Roster.from_json(doc.roster, doc.powers)
        except RosterError:
            roster = Roster(tuple(Player(str(p.get("name", "")), str(p.get("email", "")),
                                         tuple(p.get("powers", ()))) for p in doc.roster))
        for p in roster.players:
            self._add_row(p)
        self.table.itemChanged.connect(self._check)
        self._check()

    def _add_row(self, p: Player) -> None:
        r = self.table.rowCount()
        self.table.blockSignals(True)
        self.table.insertRow(r)
        for c, text in enumerate((p.name, p.email, ", ".join(p.powers), p.note)):
            self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.blockSignals(False)
        self._check()

    def _remove_row(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for r in rows or [self.table.rowCount() - 1]:
            if r >= 0:
                self.table.removeRow(r)
        self._check()

    def _one_per_power(self) -> None:
        played = {x.strip() for r in range(self.table.rowCount()) for x in self._cell(r, 2).split(",")}
        for power in self.doc.powers:
            if power not in played:
                self._add_row(Player("", "", (power,)))

    def _take_deal(self) -> None:
        roster = from_deal(self.doc.players, self._rows())
        self.table.setRowCount(0)
        for p in roster.players:
            self._add_row(p)

    def _cell(self, r: int, c: int) -> str:
        item = self.table.item(r, c)
        return item.text().strip() if item is not None else ""

    def _rows(self) -> Roster:
        players = []
        for r in range(self.table.rowCount()):
            powers = tuple(self._power(x) for x in self._cell(r, 2).split(",") if x.strip())
            players.append(Player(self._cell(r, 0), self._cell(r, 1), powers, self._cell(r, 3)))
        return Roster(tuple(players))

    def _power(self, text: str) -> str:
        """A power as typed (its name, adjective or abbreviation, in any case: resolved as
        every command resolves it); the variant's spelling where it is one."""
        from ..engine.giver_names import order_givers

        return order_givers(self.doc.position).get(text.strip().lower(), text.strip())

    def players(self) -> list[dict]:
        """The roster as the game file keeps it (RosterError if a row can't be used)."""
        data = [p.to_json() for p in self._rows().players]
        return Roster.from_json(data, self.doc.powers).to_json()

    def _check(self) -> None:
        try:
            roster = Roster.from_json([p.to_json() for p in self._rows().players], self.doc.powers)
        except RosterError as e:
            self.problem.setText(str(e))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return
        free = roster.unplayed(self.doc.powers)
        self.problem.setText(f"No player yet for {', '.join(free)}: their orders can't come by mail."
                             if free and roster.players else "")
        self.problem.setStyleSheet("color: #8a6d00" if free else "color: #b00020")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
