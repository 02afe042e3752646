"""The desk's players by mail, editable: each player's name, address, what they play (the
game's players, ``p07``, or a nation standing for its one player) and a note. A cell edited,
a player added or removed is one command on the desk's undo stack; each change is checked by
the same model as ``diplodesk mail players`` (``mail/players.py``), and a change it refuses is
said under the table and not made."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document.hyper_players import SetRosterCommand
from ...mail.players import Change, PlayersError, add, change, remove, rows, shared_seats, unplayed
from .grids import grid

COLUMNS = ("name", "e-mail address", "plays (players or nations, commas between)", "note")
_SAID = re.compile(r"\([^()]*\)")  # "p07 (ger, hol)": what the panel adds to a player's id


class RosterEditor(QWidget):
    def __init__(self, view, parent: QWidget | None = None):
        super().__init__(parent)
        self.view = view
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 2, 0, 2)
        box.addWidget(QLabel("<b>Players by mail</b> (orders are taken only from these addresses)"))
        self.table = grid(COLUMNS, stretch=3, editable=True, name="roster")
        self.table.itemChanged.connect(self._edited)
        box.addWidget(self.table)
        row = QHBoxLayout()
        self.new_name, self.new_email, self.new_plays = QLineEdit(), QLineEdit(), QLineEdit()
        for w, hint in ((self.new_name, "name"), (self.new_email, "address"),
                        (self.new_plays, "plays: p07, or Germany")):
            w.setPlaceholderText(hint)
            row.addWidget(w, 1)
        self.add_button = QPushButton("&Add player")
        self.add_button.clicked.connect(self.add_player)
        self.remove_button = QPushButton("&Remove player")
        self.remove_button.clicked.connect(self.remove_player)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        box.addLayout(row)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        box.addWidget(self.problem)
        self.refresh()

    @property
    def game(self):
        return self.view.game

    def refresh(self, said: str = "", note: str = "") -> None:
        self.table.blockSignals(True)
        try:
            table = rows(self.game.players, self.game.current)
            free = unplayed(self.game.players, self.game.current)
        except PlayersError as e:
            table, free, said = [], [], said or f"The game file's players cannot be used: {e}"
        self.table.setRowCount(len(table))
        for i, cells in enumerate(table):
            for j, text in enumerate(cells):
                self.table.setItem(i, j, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.blockSignals(False)
        if said:
            self.problem.setStyleSheet("color: #b00020")
            self.problem.setText(said)
        elif note:
            self.problem.setStyleSheet("color: #8a6d00")
            self.problem.setText(note)
        else:
            self.problem.setStyleSheet("color: #8a6d00")
            self.problem.setText(f"No player with an address yet for {', '.join(free)}: their orders cannot "
                                 "come by mail." if free else "")

    def _push(self, players: list[dict], text: str) -> None:
        was = shared_seats(self.game.players, self.game.current)
        self.view.push(SetRosterCommand(self.game, players, text))
        pos = self.game.current
        shared = [f"{' and '.join(names)} each play {pid} and get all its papers" for pid, names
                  in shared_seats(self.game.players, pos).items() if pid not in was]
        self.refresh(note="; ".join(shared) + ". To share one nation instead, name its players under the "
                     "nations' table." if shared else "")

    def _edited(self, item: QTableWidgetItem) -> None:
        r, c = item.row(), item.column()
        who = self.game.players[r]["email"] if r < len(self.game.players) else ""
        value = item.text()
        what = Change(name=value) if c == 0 else Change(email=value) if c == 1 else \
            Change(powers=_plays(value)) if c == 2 else Change(note=value)
        try:
            players = change(self.game.players, self.game.current, who, what)
        except PlayersError as e:
            self.refresh(f"Not changed: {e}")
            return
        self._push(players, f"{COLUMNS[c].split(' (')[0].capitalize()} of {self.game.players[r]['name']}")

    def add_player(self) -> bool:
        name, email = self.new_name.text(), self.new_email.text()
        try:
            players = add(self.game.players, self.game.current, name, email, _plays(self.new_plays.text()))
        except PlayersError as e:
            self.refresh(f"Not added: {e}")
            return False
        self._push(players, f"Add player {name.strip()}")
        for w in (self.new_name, self.new_email, self.new_plays):
            w.clear()
        return True

    def remove_player(self) -> bool:
        r = self.table.currentRow()
        if not 0 <= r < len(self.game.players):
            self.refresh("Pick a player to remove first.")
            return False
        p = self.game.players[r]
        try:
            players = remove(self.game.players, self.game.current, p["email"])
        except PlayersError as e:
            self.refresh(f"Not removed: {e}")
            return False
        self._push(players, f"Remove player {p['name']}")
        return True


def _plays(text: str) -> list[str]:
    """What a cell of plays says, without the nations the panel shows beside a player's id."""
    return [x.strip() for x in _SAID.sub("", text).split(",") if x.strip()]
