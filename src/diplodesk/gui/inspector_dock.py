"""The power inspector: a phase as one power knows it, beside another power or the GM.

For the current phase or any earlier one, before adjudication (the orders) or after it
(the results; for the current phase a preview of the orders given so far), each pane
shows the board as its viewer knows it, the order lines it may read, and its report.
In a Blind game that is the engine's projection (``engine.rules.blind``: ``project``,
``visible_results``, ``report_text``), so the inspector can only leave facts out; the
provinces a power newly learned about in the phase (what it saw or was informed of) are
marked in gold. A second pane puts another power, or the GM's full view, beside the first;
the two maps pan and zoom together.

Who plays which power (Woolworth) is never shown here: every pane is a power's view or
the board itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..document.power_view import GM, PhaseView, phase_view
from ..engine.position import Position
from ..engine.process import Outcome, process
from .history_dock import phase_title
from .layers import LayeredPainter
from .map_view import Highlights, MapView

if TYPE_CHECKING:
    from ..document.game_document import GameDocument

SIDE_BY_SIDE_WIDTH = 720  # pixels: two maps beside each other; a narrower dock stacks them

GM_LABEL = "Gamemaster (everything)"


def _mono() -> QFont:
    f = QFont("DejaVu Sans Mono")
    f.setStyleHint(QFont.StyleHint.Monospace)
    return f


class ViewPane(QWidget):
    """One viewer's board, order lines and report."""

    viewer_changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel("As seen by:"))
        self.viewer = QComboBox()
        self.viewer.setMinimumContentsLength(8)
        self.viewer.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        row.addWidget(self.viewer, 1)
        box.addLayout(row)
        split = QSplitter(Qt.Orientation.Vertical)
        self.view = MapView(self, interactive=False)
        self.view.setMinimumSize(100, 40)  # the column of docks may be short
        split.addWidget(self.view)
        self.tabs = QTabWidget()
        self.orders = QPlainTextEdit()
        self.orders.setReadOnly(True)
        self.orders.setFont(_mono())
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        self.report.setFont(_mono())
        self.why = QPlainTextEdit()  # why its results came out so, as far as it may know
        self.why.setReadOnly(True)
        self.why.setFont(_mono())
        for t in (self.orders, self.report, self.why):
            t.setMinimumHeight(30)
        self.tabs.addTab(self.orders, "Orders")
        self.tabs.addTab(self.report, "Report")
        self.tabs.addTab(self.why, "Why")
        self.tabs.setMinimumHeight(40)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([480, 160])
        self.split = split
        box.addWidget(split, 1)
        self.shown: PhaseView | None = None
        self.viewer.currentIndexChanged.connect(lambda _i: self.viewer_changed.emit())

    def set_viewers(self, powers: tuple[str, ...], default: str | None) -> None:
        keep = self.viewer_name()
        self.viewer.blockSignals(True)
        self.viewer.clear()
        self.viewer.addItem(GM_LABEL, None)
        for p in powers:
            self.viewer.addItem(p, p)
        want = keep if keep in powers else default
        i = self.viewer.findData(want) if want is not None else 0
        self.viewer.setCurrentIndex(max(0, i))
        self.viewer.blockSignals(False)

    def viewer_name(self) -> str | None:
        return self.viewer.currentData()

    def set_viewer(self, power: str | None) -> None:
        i = self.viewer.findData(power) if power is not None else 0
        if i >= 0:
            self.viewer.setCurrentIndex(i)

    def show_view(self, v: PhaseView | None, mark: bool) -> None:
        self.shown = v
        if v is None:
            self.view.set_content(None)
            self.view.setToolTip("")
            self.orders.setPlainText("")
            self.report.setPlainText("")
            self.why.setPlainText("")
            return
        self.view.set_options(power=v.viewer, show_counts=not v.blind or v.viewer is None)
        self.view.set_content(v.position, v.results)
        self.view.set_highlights(Highlights(marked=v.marked if mark else frozenset(), fog=v.fog))
        extra = f"; {len(v.marked)} provinces it learned about outlined in gold" if mark and v.marked else ""
        if v.fog:
            extra += f"; {len(v.fog)} it cannot see greyed"
        self.view.setToolTip(v.title + extra)
        self.orders.setPlainText(f"{v.title}{extra}\n\n" + ("\n".join(v.orders) or "(no orders it may read)"))
        self.report.setPlainText(v.report)
        self.why.setPlainText("\n\n".join(v.why) if v.why else
                              "(after adjudication: why each of its results came out so)")


class InspectorDock(QDockWidget):
    """A phase as one power (or two side by side, or a power and the GM) knows it."""

    power_changed = Signal(str)
    show_on_map = Signal(object)  # the main map shows this power's view full size (None: all)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Power inspector", parent)
        self.setObjectName("inspector-dock")
        self.doc: GameDocument | None = None
        self._outcomes: dict[object, tuple[Position, Outcome]] = {}
        w = QWidget()
        box = QVBoxLayout(w)
        box.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        top.addWidget(QLabel("Phase:"))
        self.phase = QComboBox()
        self.phase.setMinimumContentsLength(8)
        self.phase.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        top.addWidget(self.phase, 1)
        box.addLayout(top)
        row = QHBoxLayout()
        self.before = QRadioButton("Orders")
        self.before.setToolTip("The phase before adjudication: the board and the orders given")
        self.after = QRadioButton("Results")
        self.after.setToolTip("The phase adjudicated (for the current phase, a preview of the orders given so far)")
        group = QButtonGroup(self)
        group.addButton(self.before)
        group.addButton(self.after)
        self.after.setChecked(True)
        self.mark = QCheckBox("Mark what it learned")
        self.mark.setChecked(True)
        self.mark.setToolTip("Gold: the provinces the power saw or was told about in this phase")
        self.compare = QCheckBox("Side by side")
        self.compare.setToolTip("A second view beside the first: another power, or the GM's full view")
        row.addWidget(self.before)
        row.addWidget(self.after)
        row.addStretch(1)
        box.addLayout(row)
        row2 = QHBoxLayout()
        row2.addWidget(self.mark)
        row2.addWidget(self.compare)
        row2.addStretch(1)
        box.addLayout(row2)
        self.on_map = QPushButton("On the main map")
        self.on_map.setCheckable(True)
        self.on_map.setObjectName("inspector-on-map")
        self.on_map.setToolTip("The main map shows this power's view at full size, with its fog and its "
                               "results (View › See the map as the power); its small map here gives way to the report")
        self.on_map.clicked.connect(self._on_map_clicked)
        row.insertWidget(row.count(), self.on_map)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.left = ViewPane()
        self.right = ViewPane()
        self.split.addWidget(self.left)
        self.split.addWidget(self.right)
        self.right.hide()
        box.addWidget(self.split, 1)
        self.setWidget(w)
        # the first view doubles as the old single view (``self.view``)
        self.view = self.left.view
        self.power = self.left.viewer

        self.phase.currentIndexChanged.connect(lambda _i: self.refresh())
        self.before.toggled.connect(lambda _on: self.refresh())
        self.mark.toggled.connect(lambda _on: self.refresh())
        self.compare.toggled.connect(self._compare)
        self.left.viewer_changed.connect(self._left_changed)
        self.right.viewer_changed.connect(self.refresh)
        self._syncing = False
        for a, b in ((self.left.view, self.right.view), (self.right.view, self.left.view)):
            a.horizontalScrollBar().valueChanged.connect(lambda _v, a=a, b=b: self._sync(a, b))
            a.verticalScrollBar().valueChanged.connect(lambda _v, a=a, b=b: self._sync(a, b))
            a.zoom_changed.connect(lambda _z, a=a, b=b: self._sync(a, b))

    # -- what it looks at ----------------------------------------------------------------

    def set_document(self, doc: GameDocument | None) -> None:
        self.doc = doc
        self._outcomes.clear()
        if doc is not None:
            first = doc.powers[0] if doc.powers else None
            self.left.set_viewers(doc.powers, first)
            self.right.set_viewers(doc.powers, None)
        self.set_phases()

    def set_map(self, layers: LayeredPainter | None, powers: tuple[str, ...] | None = None) -> None:
        for pane in (self.left, self.right):
            if layers is None:
                pane.view.clear_map()
            else:
                pane.view.set_map(layers)
            if powers is not None:
                pane.set_viewers(powers, powers[0] if pane is self.left and powers else None)

    def set_phases(self, viewed: int | None = None) -> None:
        """List the phases (after an adjudication or a roll-back) and show ``viewed``."""
        self.phase.blockSignals(True)
        self.phase.clear()
        if self.doc is not None:
            for i, rec in enumerate(self.doc.history):
                self.phase.addItem(f"{phase_title(rec.phase)} ({rec.phase})", i)
            cur = self.doc.position.phase
            self.phase.addItem(f"▶ {cur.long_name} ({cur}) — current", None)
        self.phase.blockSignals(False)
        self.select_phase(viewed)

    def select_phase(self, index: int | None, refresh: bool = True) -> None:
        """Look at processed phase ``index``, or the current phase (None)."""
        i = self.phase.findData(index) if index is not None else self.phase.count() - 1
        self.phase.blockSignals(True)
        self.phase.setCurrentIndex(max(0, i))
        self.phase.blockSignals(False)
        if refresh:
            self.refresh()

    def phase_index(self) -> int | None:
        return self.phase.currentData()

    def set_viewers(self, left: str | None, right: str | None = None, compare: bool | None = None) -> None:
        """Choose who each pane shows (None: the GM); ``compare`` shows the second pane."""
        self.left.blockSignals(True)
        self.left.set_viewer(left)
        self.left.blockSignals(False)
        self.right.blockSignals(True)
        self.right.set_viewer(right)
        self.right.blockSignals(False)
        if compare is not None:
            self.compare.setChecked(compare)
        self.refresh()

    # -- drawing -------------------------------------------------------------------------

    def _before_position(self) -> tuple[Position | None, object]:
        if self.doc is None:
            return None, None
        index = self.phase_index()
        if index is None or not 0 <= index < len(self.doc.history):
            pos = self.doc.position
            return pos, ("current", id(pos))
        return self.doc.position_at(index), ("past", index, id(self.doc.history[index]))

    def _outcome(self, pos: Position, key: object) -> Outcome:
        hit = self._outcomes.get(key)
        if hit is None or hit[0] is not pos:
            if len(self._outcomes) > 24:
                self._outcomes.clear()
            hit = self._outcomes[key] = (pos, process(pos))
        return hit[1]

    def view_for(self, viewer: str | None) -> PhaseView | None:
        """What ``viewer`` (None: the GM) knows of the phase chosen."""
        pos, key = self._before_position()
        if pos is None:
            return None
        after = self.after.isChecked()
        try:
            outcome = self._outcome(pos, key) if after else None
            return phase_view(pos, viewer if viewer is not None else GM, after, outcome)
        except (ValueError, KeyError) as e:  # a position the engine can't take: say so
            v = phase_view(pos, viewer if viewer is not None else GM, False)
            v.report = f"Cannot adjudicate this phase: {e}"
            return v

    def refresh(self) -> None:
        if self.doc is None or not self.isVisible():
            return
        mark = self.mark.isChecked()
        self.left.show_view(self.view_for(self.left.viewer_name()), mark)
        if self.compare.isChecked():
            self.right.show_view(self.view_for(self.right.viewer_name()), mark)

    def set_content(self, position: Position | None = None, results=None) -> None:
        """The document changed (orders, position): draw again."""
        self.refresh()

    def _on_map_clicked(self) -> None:
        name = self.left.viewer_name()
        self.show_on_map.emit(name if self.on_map.isChecked() and name else None)

    def set_on_map(self, on: bool) -> None:
        """The main map shows (or no longer shows) a power's view: the button says so, and
        the dock's own small map gives its room to the report while it does."""
        self.on_map.blockSignals(True)
        self.on_map.setChecked(on)
        self.on_map.blockSignals(False)
        self.left.view.setVisible(not on or self.compare.isChecked())

    def _left_changed(self) -> None:
        self.refresh()
        name = self.left.viewer_name()
        if name:
            self.power_changed.emit(name)

    def _compare(self, on: bool) -> None:
        main = self.parentWidget()
        if on and not self.isFloating() and self.width() < SIDE_BY_SIDE_WIDTH and isinstance(main, QMainWindow):
            # two maps need room: the dock widens where it is docked (it never floats off)
            # (the column it shares with the orders: every dock in it, now and once laid out)
            width = min(SIDE_BY_SIDE_WIDTH, main.width() // 2)
            area = main.dockWidgetArea(self)
            column = [d for d in main.findChildren(QDockWidget)
                      if main.dockWidgetArea(d) == area and not d.isFloating() and d.isVisible()]

            def widen() -> None:
                main.resizeDocks(column, [width] * len(column), Qt.Orientation.Horizontal)

            widen()
            QTimer.singleShot(0, widen)
        self._orient()
        self.right.setVisible(on)
        if on:
            self.right.view.fit()
            self._sync(self.left.view, self.right.view)
        self.refresh()

    def _orient(self) -> None:
        """Side by side where the dock is wide enough for two maps, else one above the other."""
        wide = self.width() >= SIDE_BY_SIDE_WIDTH or self.width() >= self.height()
        self.split.setOrientation(Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._orient()

    def _sync(self, src: MapView, dst: MapView) -> None:
        """Pan and zoom the other map with this one."""
        if self._syncing or src.resizing or not dst.isVisible() or src.layers is None or dst.layers is None:
            return
        self._syncing = True
        try:
            if abs(dst.scale_now - src.scale_now) > 1e-9:
                dst.setTransform(src.transform())
                dst._auto_fit = src._auto_fit
            dst.horizontalScrollBar().setValue(src.horizontalScrollBar().value())
            dst.verticalScrollBar().setValue(src.verticalScrollBar().value())
            dst.viewport().update()
        finally:
            self._syncing = False
