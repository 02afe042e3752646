"""The docks beside the map, all in one column on the right: orders above, and below them
results, history and the inspector on tabs. The map is wider than tall and the screen the
other way round, so a column at the side costs the map nothing until it is wide, while a
dock below it would shrink it at once: the first layout leaves the map two thirds of the
window at 1366 x 768 and at 1920 x 1080. Where the docks are is saved with the window and
restored at the next start."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt

from ..history_tree import HistoryDock
from ..inspector_dock import InspectorDock
from ..orders_dock import OrdersDock
from ..results_dock import ResultsDock
from .state import WindowState

DOCK_SHARE = 0.25  # of the window's width, for the column of docks on the first start
DOCK_WIDTH = (300, 460)  # pixels: the least and the most that column is given then
ORDERS_SHARE = 0.45  # of the column's height, for the orders (the tabs below get the rest)


class WindowDocks(WindowState):
    """Mixed into the main window: makes its docks, wires them, lays them out."""

    def _make_docks(self) -> None:
        # a separator wide enough to find and drag (the style's own is 4 px)
        self.setStyleSheet("QMainWindow::separator { width: 7px; height: 7px; }")
        self.orders_dock = OrdersDock(self)
        self.history_dock = HistoryDock(self)
        self.results_dock = ResultsDock(self)
        self.inspector_dock = InspectorDock(self)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.addDockWidget(right, self.orders_dock)
        self.addDockWidget(right, self.results_dock)
        self.splitDockWidget(self.orders_dock, self.results_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.results_dock, self.history_dock)
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
        self.inspector_dock.show_on_map.connect(self.show_as_power)

    def _size_docks_once(self) -> None:
        """On the first start (no saved layout): the map gets the room, the docks what they need."""
        if not self._layout_restored:
            self._layout_restored = True
            lo, hi = DOCK_WIDTH
            width = max(lo, min(hi, round(self.width() * DOCK_SHARE)))
            self.resizeDocks([self.orders_dock], [width], Qt.Orientation.Horizontal)
            h = self.orders_dock.height() + self.results_dock.height()
            orders = round(h * ORDERS_SHARE)
            self.resizeDocks([self.orders_dock, self.results_dock], [orders, h - orders], Qt.Orientation.Vertical)

    def show_as_power(self, power: str | None) -> None:
        """The inspector's power on the main map, at full size: the map as it knows it
        (None: the whole board again)."""
        if power is not None:
            self.set_power(power)
        self.set_as_power(power is not None)

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
