"""The GM's panels on the desk: tables, decisions, dice and players, over the desk's document.

The panels know only a :class:`~.game_view.HyperGameView`; :class:`DeskGameView` is that view
over a :class:`HyperGameDocument`, sharing its undo stack, so a table edit, an answer or a
real die is undone by the same Ctrl+Z as an order, and every panel hears every change.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QScrollArea, QVBoxLayout, QWidget

from ...document.hyper_desk import game_tables
from ...document.hyper_game import HyperGameDocument
from .decisions_panel import DecisionsPanel
from .dice_log import DiceLog
from .game_view import HyperGameView
from .players_panel import PlayersPanel
from .table_editor import TableEditor
from .tables_window import bundled_pack

BOTTOM_HEIGHT = 270  # px: the ledger's height on a 920-px desk before the panels came


class DeskGameView(HyperGameView):
    """The desk document as the panels see it."""

    def __init__(self, doc: HyperGameDocument, parent: QObject | None = None):
        super().__init__(doc.game, doc.undo_stack, parent)
        self.doc = doc
        doc.changed.connect(self.changed)

    @property
    def game(self):
        return self.doc.game

    def name_of(self, giver: str) -> str:
        return self.doc.name_of(giver)

    def announce(self) -> None:
        self.doc.announce()  # the desk's docks, and through doc.changed every panel


def attach_gm_panels(window) -> DeskGameView:
    """Dock the four GM panels on a desk window (bottom area, tabbed with the ledger)."""
    view = DeskGameView(window.doc, window)
    window.gm_panels = {}
    window.gm_docks = {}
    for panel, title in ((DecisionsPanel(view), "Decisions"), (DiceLog(view), "Dice"),
                         (PlayersPanel(view), "Players")):
        window.gm_docks[title] = window.add_panel(_scrolled(panel), title)
        window.gm_panels[title] = panel
    tables = Deferred(lambda: _table_editor(view))
    window.gm_docks["Tables"] = window.add_panel(tables, "Tables")
    tables.follow(window.gm_docks["Tables"])
    window.gm_panels["Tables"] = tables
    window.ledger.raise_()
    window.resizeDocks([window.ledger], [BOTTOM_HEIGHT], Qt.Orientation.Vertical)
    return view


def _table_editor(view: DeskGameView) -> QWidget:
    tables = game_tables(view.game)
    return _scrolled(TableEditor(tables, view, bundled_pack(tables, view.game.variant.id)))


class Deferred(QWidget):
    """A panel built when its tab is first picked: the table editor of the world's tables takes
    a second and a half to lay out, which the desk's first frame should not wait for."""

    def __init__(self, build, parent: QWidget | None = None):
        super().__init__(parent)
        self._build = build
        self.panel: QWidget | None = None
        QVBoxLayout(self).setContentsMargins(0, 0, 0, 0)

    def built(self) -> QWidget:
        if self.panel is None:
            self.panel = self._build()
            self.layout().addWidget(self.panel)
        return self.panel

    def follow(self, dock: QDockWidget) -> None:
        """Build when the dock's tab is picked (Qt says so by its visibility)."""
        dock.visibilityChanged.connect(lambda seen: QTimer.singleShot(0, self._if_seen) if seen else None)

    def _if_seen(self) -> None:
        if self.panel is None and not self.visibleRegion().isEmpty():
            self.built()


def _scrolled(panel: QWidget) -> QScrollArea:
    """A panel taller than the ledger scrolls instead of squeezing the map (the docks share
    one tabbed area, whose height is the tallest panel's least)."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(panel)
    return area
