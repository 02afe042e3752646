"""Who plays a nation, set at the desk (I.4): pick the nation, name its players, Set. Two or
more make it jointly played, their orders then needing each one's signature or a ``dg``
delegation (IX.4). The change is one step on the desk's undo stack, made to the season being
ordered by the same model as ``diplodesk game control`` (``document/nation_control.py``); a
change it refuses is said under the row and not made."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...document.nation_control import ControlError, control_command, nation_label, played_by

OK, REFUSED = "#1b5e20", "#b00020"


class ControlEditor(QWidget):
    def __init__(self, view, parent: QWidget | None = None):
        super().__init__(parent)
        self.view = view
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 2, 0, 2)
        row = QHBoxLayout()
        row.addWidget(QLabel("Who plays"))
        self.nation = QComboBox()
        self.nation.setObjectName("control-nation")
        self.nation.currentIndexChanged.connect(lambda _i: self.show_nation())
        row.addWidget(self.nation, 1)
        row.addWidget(QLabel("from this season:"))
        self.players = QLineEdit()
        self.players.setObjectName("control-players")
        self.players.setPlaceholderText("its players: p02, p05 (several play it jointly)")
        self.players.returnPressed.connect(self.set_control)
        row.addWidget(self.players, 2)
        self.new = QCheckBox("a new player may join")
        self.new.setToolTip("A player id not in the game yet (p60) joins it, with no home nation, to play "
                            "only what they are given")
        row.addWidget(self.new)
        self.button = QPushButton("Set who &plays it")
        self.button.clicked.connect(self.set_control)
        row.addWidget(self.button)
        box.addLayout(row)
        self.said = QLabel()
        self.said.setWordWrap(True)
        box.addWidget(self.said)
        self.refresh()

    @property
    def position(self):
        return self.view.game.current

    def chosen(self) -> str | None:
        return self.nation.currentData()

    def refresh(self) -> None:
        """The nations of the season being ordered (the one chosen kept), and who plays it."""
        pos = self.position
        keep = self.chosen()
        names = {n: nation_label(pos, n) for n in pos.nations}
        self.nation.blockSignals(True)
        self.nation.clear()
        for nid in sorted(names, key=lambda n: names[n].casefold()):
            self.nation.addItem(names[nid], nid)
        self.nation.setCurrentIndex(max(0, self.nation.findData(keep)))
        self.nation.blockSignals(False)
        self.show_nation()

    def choose(self, nation: str) -> None:
        self.nation.setCurrentIndex(self.nation.findData(nation))

    def show_nation(self, said: str = "", colour: str = OK) -> None:
        nid = self.chosen()
        if nid is None or nid not in self.position.nations:
            return
        self.players.setText(", ".join(self.position.nations[nid].controllers))
        self.said.setStyleSheet(f"color: {colour}" if said else "")
        self.said.setText(said or played_by(self.position, nid) + ".")

    def set_control(self) -> bool:
        nid = self.chosen()
        if nid is None:
            return False
        names = [x for x in self.players.text().split(",") if x.strip()]
        try:
            command = control_command(self.view.game, nid, names, self.new.isChecked())
        except ControlError as e:
            self.said.setStyleSheet(f"color: {REFUSED}")
            self.said.setText(f"Not changed: {e}")
            return False
        self.view.push(command)
        self.choose(nid)
        self.show_nation(f"Changed: {played_by(self.position, nid)}, from {self.position.phase} on.")
        return True
