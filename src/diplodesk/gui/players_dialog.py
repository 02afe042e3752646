"""The power assignment dialog (Woolworth IIA, rule 6): players, their ranked lists, the lots.

The GM types the players' names and, for each, orders the powers by the player's
preference (drag them, or Up/Down). A seed makes the lots; "New seed" draws another.
"Deal" runs the engine's :func:`~diplodesk.engine.rules.secret_powers.assign_powers` and
shows the deal and every draw; the window stores the deal, the seed and the lists in the
game as one undoable command. Who plays what is for the GM's eyes only.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..engine.rules.secret_powers import AssignmentError, Draw, assign_powers

if TYPE_CHECKING:
    from ..document.game_document import GameDocument

MAX_SEED = 2**31 - 1


class PowerAssignmentDialog(QDialog):
    """Players' ranked lists and a seed -> a public and a secret power for each player."""

    def __init__(self, doc: GameDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Deal the powers (GM only)")
        self.resize(760, 620)
        self.powers = list(doc.powers)
        self.deal: dict[str, dict[str, str]] | None = None
        self.draws: list[Draw] = []
        self._ranked: list[list[str]] = []  # one list per player row
        self._row = -1

        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Players</b> (double-click to rename)"), 0, 0)
        self.players = QListWidget()
        self.players.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        grid.addWidget(self.players, 1, 0)
        prow = QHBoxLayout()
        self.add_button = QPushButton("Add player")
        self.remove_button = QPushButton("Remove")
        prow.addWidget(self.add_button)
        prow.addWidget(self.remove_button)
        grid.addLayout(prow, 2, 0)

        self.list_label = QLabel("<b>Preferences</b>")
        grid.addWidget(self.list_label, 0, 1)
        self.ranking = QListWidget()
        self.ranking.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.ranking.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.ranking.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        grid.addWidget(self.ranking, 1, 1)
        rrow = QHBoxLayout()
        self.up_button = QPushButton("Up")
        self.down_button = QPushButton("Down")
        rrow.addWidget(self.up_button)
        rrow.addWidget(self.down_button)
        rrow.addStretch(1)
        grid.addLayout(rrow, 2, 1)

        seed_row = QHBoxLayout()
        seed_row.addWidget(QLabel("Seed of the lots:"))
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SEED)
        self.seed.setToolTip("The same lists and seed always give the same deal; the seed is kept in the game")
        seed_row.addWidget(self.seed, 1)
        self.new_seed_button = QPushButton("New seed")
        seed_row.addWidget(self.new_seed_button)
        self.deal_button = QPushButton("Deal")
        self.deal_button.setDefault(False)
        seed_row.addWidget(self.deal_button)

        self.output = QPlainTextEdit()
        self.output.setReadOnly(True)
        self.output.setPlaceholderText("The deal and the lots drawn appear here.")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Keep this deal")
        self.ok.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        box = QVBoxLayout(self)
        box.addWidget(QLabel("Each player ranks the ten powers, most wanted first. Public powers are dealt "
                             "first, then secret ones; lots decide between equal first choices (rule 6)."))
        box.addLayout(grid, 3)
        box.addLayout(seed_row)
        box.addWidget(self.output, 2)
        box.addWidget(self.buttons)

        self.players.currentRowChanged.connect(self._player_changed)
        self.players.itemChanged.connect(lambda _i: self._changed())
        self.ranking.model().rowsMoved.connect(lambda *_a: self._changed())
        self.add_button.clicked.connect(lambda: self.add_player())
        self.remove_button.clicked.connect(self.remove_player)
        self.up_button.clicked.connect(lambda: self.move(-1))
        self.down_button.clicked.connect(lambda: self.move(1))
        self.new_seed_button.clicked.connect(self.new_seed)
        self.deal_button.clicked.connect(self.run)
        self.seed.valueChanged.connect(lambda _v: self._changed())

        known = doc.assignment
        prefs = known.get("preferences") if isinstance(known.get("preferences"), dict) else None
        if prefs:
            for name, ranked in prefs.items():
                self.add_player(str(name), [p for p in ranked if p in self.powers])
        else:
            for player in sorted(doc.players) or [f"Player {i + 1}" for i in range(len(self.powers) // 2)]:
                self.add_player(player)
        seed = known.get("seed")
        self.seed.setValue(seed if isinstance(seed, int) and 0 <= seed <= MAX_SEED else secrets.randbelow(MAX_SEED))
        self.players.setCurrentRow(0)

    # -- players and lists -----------------------------------------------------------------

    def add_player(self, name: str | None = None, ranked: list[str] | None = None) -> None:
        self._save_ranking()
        n = self.players.count()
        item = QListWidgetItem(name or f"Player {n + 1}")
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        full = list(ranked or []) + [p for p in self.powers if p not in (ranked or [])]
        self._ranked.append(full)
        self.players.addItem(item)
        self.players.setCurrentRow(n)
        self._changed()

    def remove_player(self) -> None:
        row = self.players.currentRow()
        if row < 0:
            return
        self._row = -1
        del self._ranked[row]
        self.players.takeItem(row)
        self._changed()

    def player_names(self) -> list[str]:
        return [self.players.item(i).text().strip() for i in range(self.players.count())]

    def set_preferences(self, player: str, ranked: list[str]) -> None:
        """Put ``player``'s list in this order (the powers left out follow)."""
        self._save_ranking()
        row = self.player_names().index(player)
        self._ranked[row] = list(ranked) + [p for p in self.powers if p not in ranked]
        if row == self.players.currentRow():
            self._show_ranking(row)
        self._changed()

    def preferences(self) -> dict[str, list[str]]:
        self._save_ranking()
        return {name: list(r) for name, r in zip(self.player_names(), self._ranked, strict=True)}

    def move(self, step: int) -> None:
        """Move the power selected in the list up (-1) or down (+1)."""
        row = self.ranking.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < self.ranking.count():
            return
        item = self.ranking.takeItem(row)
        self.ranking.insertItem(to, item)
        self.ranking.setCurrentRow(to)
        self._save_ranking()
        self._changed()

    def new_seed(self) -> None:
        self.seed.setValue(secrets.randbelow(MAX_SEED))

    def _player_changed(self, row: int) -> None:
        self._save_ranking()
        self._show_ranking(row)

    def _show_ranking(self, row: int) -> None:
        self._row = row
        self.ranking.clear()
        if 0 <= row < len(self._ranked):
            self.list_label.setText(f"<b>Preferences of {self.players.item(row).text()}</b> (most wanted first)")
            for i, p in enumerate(self._ranked[row]):
                self.ranking.addItem(f"{p}")
                self.ranking.item(i).setData(Qt.ItemDataRole.UserRole, p)
        else:
            self.list_label.setText("<b>Preferences</b>")

    def _save_ranking(self) -> None:
        if 0 <= self._row < len(self._ranked) and self.ranking.count() == len(self.powers):
            self._ranked[self._row] = [self.ranking.item(i).data(Qt.ItemDataRole.UserRole)
                                       for i in range(self.ranking.count())]

    def _changed(self) -> None:
        """Any change makes the last deal stale: deal again before keeping it."""
        self.deal = None
        self.draws = []
        self.ok.setEnabled(False)

    # -- dealing -------------------------------------------------------------------------

    def run(self) -> bool:
        """Deal by the lists and the seed; show the deal and the draws."""
        names = self.player_names()
        if any(not n for n in names) or len(set(names)) != len(names):
            self.output.setPlainText("Every player needs a name of their own.")
            return False
        try:
            deal, draws = assign_powers(self.preferences(), self.powers, self.seed.value())
        except AssignmentError as e:
            self.output.setPlainText(f"Cannot deal: {e}")
            return False
        self.deal, self.draws = deal, draws
        self.ok.setEnabled(True)
        self.output.setPlainText(deal_text(deal, draws, self.seed.value()))
        return True

    def result(self) -> tuple[dict[str, dict[str, str]], int, dict[str, list[str]]] | None:
        if self.deal is None:
            return None
        return self.deal, self.seed.value(), self.preferences()


def deal_text(deal: dict[str, dict[str, str]], draws: list[Draw], seed: int) -> str:
    out = [f"The deal (seed {seed}):"]
    for player, pw in sorted(deal.items()):
        out.append(f"  {player}: public {pw.get('public', '—')}, secret {pw.get('secret', '—')}")
    out.append("")
    out.append("How it went:")
    for d in draws:
        if len(d.candidates) == 1:
            out.append(f"  {d.round}: {d.power} to {d.winner} (only one asked)")
        else:
            out.append(f"  {d.round}: {d.power} asked by {', '.join(d.candidates)}: lots drawn, {d.winner} wins")
    return "\n".join(out)
