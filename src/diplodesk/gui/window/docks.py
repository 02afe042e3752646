"""The docks around the map: orders (left), history and the inspector (right, tabbed) and
results (below); where they are is saved with the window and restored at the next start."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt

from ..history_tree import HistoryDock
from ..inspector_dock import InspectorDock
from ..orders_dock import OrdersDock
from ..results_dock import ResultsDock
from .state import WindowState

RESULTS_HEIGHT = 220  # pixels, on the first start (five lines and the heading); then as the GM left it


class WindowDocks(WindowState):
    """Mixed into the main window: makes its docks, wires them, lays them out."""

    def _make_docks(self) -> None:
        # a separator wide enough to find and drag (the style's own is 4 px)
        self.setStyleSheet("QMainWindow::separator { width: 7px; height: 7px; }")
        self.orders_dock = OrdersDock(self)
        self.history_dock = HistoryDock(self)
        self.results_dock = ResultsDock(self)
        self.inspector_dock = InspectorDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.orders_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.results_dock)
        self.tabifyDockWidget(self.history_dock, self.inspector_dock)
        self.history_dock.raise_()
        self._layout_restored = False

    def _connect_docks(self) -> None:
        self.orders_dock.power_clicked.connect(self.set_power)
        self.orders_dock.commit_requested.connect(self._commit_typed)
        self.orders_dock.paste_requested.connect(self.paste_orders)
        self.orders_dock.clear_requested.connect(self.clear_orders)
        self.history_dock.phase_chosen.connect(self.show_phase)
        self.history_dock.rollback_requested.connect(self.rollback)
        h = self.history_dock
        h.place_chosen.connect(self.go_to)
        h.try_requested.connect(self.try_other_orders)
        h.compare_requested.connect(self.compare_timelines)
        h.promote_requested.connect(self.promote_branch)
        h.delete_requested.connect(self.delete_branch)
        self.inspector_dock.visibilityChanged.connect(lambda _v: self._refresh_inspector())

    def _size_docks_once(self) -> None:
        """On the first start (no saved layout): the map gets the room, the docks what they need."""
        if not self._layout_restored:
            self._layout_restored = True
            self.resizeDocks([self.orders_dock, self.history_dock], [290, 250], Qt.Orientation.Horizontal)
            # five lines of results at once, and the map keeps most of the window
            self.resizeDocks([self.results_dock], [RESULTS_HEIGHT], Qt.Orientation.Vertical)

    def inspect(self) -> None:
        self.inspector_dock.show()
        self.inspector_dock.raise_()
        self.inspector_dock.select_phase(self.viewed)

    def _refresh_inspector(self) -> None:
        if self.doc is None or not self.inspector_dock.isVisible():
            return
        self.inspector_dock.refresh()

    def _show_orders(self) -> None:
        if self.doc is None or self.power is None:
            return
        pos, _ = self.shown_position()
        self.orders_dock.show_orders(self.doc, self.power, pos, read_only=not self.editable)

    def restore_layout(self) -> None:
        g = self.settings.value("window/geometry")
        s = self.settings.value("window/state")
        if isinstance(g, QByteArray | bytes):
            self.restoreGeometry(QByteArray(g))
        if isinstance(s, QByteArray | bytes):
            self._layout_restored = self.restoreState(QByteArray(s))
        self.results_dock.restore_state(self.settings.value("window/results-why-width"))

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("window/results-why-width", self.results_dock.save_state())
        self.settings.sync()
