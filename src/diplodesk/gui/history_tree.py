"""The history dock: every phase of the real game, and its what-if branches as a tree.

The real game is the trunk (its phases at the top level); each branch hangs under the
phase it forks from, with its own phases beneath. An item is a place in a timeline:
``(branch, index)``, branch None for the real game, index None for its current phase.
The dock only asks; the window pushes the commands.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .dialogs import small_button
from .history_dock import phase_title

BRANCH = "branch"  # the index of a branch's own heading item
BRANCH_COLOUR = "#6a4c93"


@dataclass(frozen=True)
class Line:
    """One timeline as the dock lists it."""

    phases: list[str]  # its processed phases, from the first (a branch: the real game's first)
    current: str
    winner: str | None = None
    name: str = ""
    fork: int = 0  # a branch: the real game's phase it forks from


class HistoryDock(QDockWidget):
    """Every processed phase and the current one, of the game and of its branches."""

    phase_chosen = Signal(object)  # a history index of the timeline played, or None: its current phase
    place_chosen = Signal(object, object)  # (branch or None, index or None) in another timeline
    rollback_requested = Signal(int)
    try_requested = Signal(object, object)  # try other orders from (branch or None, index or None)
    compare_requested = Signal(object, object)  # two timelines: branch indices, None for the game
    promote_requested = Signal(int)
    delete_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("History", parent)
        self.setObjectName("history-dock")
        w = QWidget()
        box = QVBoxLayout(w)
        box.setContentsMargins(4, 4, 4, 4)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.setToolTip("Right-click a phase to try other orders from it; a what-if never "
                             "changes the real game")
        box.addWidget(self.tree, 1)
        row = QHBoxLayout()
        self.rollback = small_button("Roll back to here",
                                     "Make the selected phase current again, with its orders (undoable)")
        self.rollback.setEnabled(False)
        self.try_other = small_button("Try other orders",
                                      "A what-if branch from the selected phase: the real game is untouched")
        row.addWidget(self.rollback)
        row.addWidget(self.try_other)
        row.addStretch(1)
        box.addLayout(row)
        self.setWidget(w)
        self.active: int | None = None
        self._items: dict[tuple, QTreeWidgetItem] = {}
        self._names: list[str] = []
        self._quiet = False
        self.tree.currentItemChanged.connect(self._item_changed)
        self.tree.customContextMenuRequested.connect(self._menu)
        self.rollback.clicked.connect(self._rollback)
        self.try_other.clicked.connect(lambda: self._try(self.place()))

    # -- filling -------------------------------------------------------------------------

    def set_timelines(self, game: Line, branches: list[Line], active: int | None) -> None:
        self._quiet = True
        self.tree.clear()
        self._items = {}
        self._names = [b.name for b in branches]
        self.active = active
        for i, ph in enumerate(game.phases):
            self.tree.addTopLevelItem(self._item(None, i, f"{phase_title(ph)}  ({ph})"))
        self.tree.addTopLevelItem(self._item(None, None, _current_label(game)))
        for b, line in enumerate(branches):
            parent = self._items.get((None, line.fork if line.fork < len(game.phases) else None))
            head = self._item(b, BRANCH, f"↳ {line.name}")
            head.setForeground(0, QBrush(QColor(BRANCH_COLOUR)))
            head.setToolTip(0, f"What-if from {line.phases[line.fork] if line.fork < len(line.phases) else line.current}"
                            ": other orders tried beside the real game")
            parent.addChild(head)
            for i in range(line.fork, len(line.phases)):
                head.addChild(self._item(b, i, f"{phase_title(line.phases[i])}  ({line.phases[i]})"))
            head.addChild(self._item(b, None, _current_label(line)))
            head.setExpanded(True)
            parent.setExpanded(True)
        mark = self._items.get((active, None))
        if mark is not None:
            f = mark.font(0)
            f.setBold(True)
            mark.setFont(0, f)
        self._quiet = False

    def set_phases(self, history_phases: list[str], current: str, winner: str | None = None) -> None:
        """The real game alone (no branches)."""
        self.set_timelines(Line(history_phases, current, winner), [], None)

    def _item(self, branch: int | None, index, text: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem([text])
        item.setData(0, Qt.ItemDataRole.UserRole, (branch, index))
        self._items[(branch, index)] = item
        return item

    # -- choosing ------------------------------------------------------------------------

    def select(self, index: int | None, branch: int | None = ...) -> None:  # type: ignore[assignment]
        """Select phase ``index`` (None: current) of ``branch`` (default: the one played)."""
        branch = self.active if branch is ... else branch
        item = self._items.get((branch, index))
        self._quiet = True
        if item is not None:
            self.tree.setCurrentItem(item)
        self._quiet = False
        self.rollback.setEnabled(index is not None and branch == self.active)

    def place(self) -> tuple[int | None, object] | None:
        item = self.tree.currentItem()
        return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None

    def _item_changed(self, item: QTreeWidgetItem | None, _old) -> None:
        if item is None:
            return
        branch, index = item.data(0, Qt.ItemDataRole.UserRole)
        if index == BRANCH:
            index = None
        self.rollback.setEnabled(index is not None and branch == self.active)
        if self._quiet:
            return
        if branch == self.active:
            self.phase_chosen.emit(index)
        else:  # going there rebuilds this tree: not inside its own signal
            QTimer.singleShot(0, lambda: self.place_chosen.emit(branch, index))

    def _rollback(self) -> None:
        place = self.place()
        if place is not None and place[0] == self.active and isinstance(place[1], int):
            self.rollback_requested.emit(place[1])

    def _try(self, place) -> None:
        if place is not None:
            branch, index = place
            self.try_requested.emit(branch, None if index == BRANCH else index)

    def _menu(self, at: QPoint) -> None:
        item = self.tree.itemAt(at)
        if item is None:
            return
        self.tree.setCurrentItem(item)
        menu = self.context_menu(item.data(0, Qt.ItemDataRole.UserRole))
        menu.exec(self.tree.viewport().mapToGlobal(at))

    def context_menu(self, place: tuple) -> QMenu:
        """What may be done from a place: try other orders, roll back, compare, make a
        branch the game, delete it."""
        branch, index = place
        menu = QMenu(self)
        menu.addAction("Try other orders from here…", lambda: self._try(place))
        if branch == self.active and isinstance(index, int):
            menu.addAction("Roll back to here", lambda: self.rollback_requested.emit(index))
        if branch is not None:
            menu.addSeparator()
            menu.addAction("Compare with the real game", lambda: self.compare_requested.emit(None, branch))
            others = [(i, n) for i, n in enumerate(self._names) if i != branch]
            if others:
                sub = menu.addMenu("Compare with")
                for i, n in others:
                    sub.addAction(n, lambda i=i: self.compare_requested.emit(i, branch))
            menu.addSeparator()
            menu.addAction("Make this the game…", lambda: self.promote_requested.emit(branch))
            menu.addAction("Delete this branch…", lambda: self.delete_requested.emit(branch))
        elif self._names:
            menu.addSeparator()
            sub = menu.addMenu("Compare the real game with")
            for i, n in enumerate(self._names):
                sub.addAction(n, lambda i=i: self.compare_requested.emit(None, i))
        return menu


def _current_label(line: Line) -> str:
    if line.winner:
        return f"■ {line.current}: game over, {line.winner} wins"
    return f"▶ {phase_title(line.current)}  ({line.current})"
