"""The Balance dock: is the board being drawn a fair one? Its first tab, Report, is the
balance report from the board alone (:mod:`diplodesk.designer.balance`) as tables and as the
picture; :meth:`BalanceDock.add_tab` docks more evidence beside it (the playtests).

The report is of the board as it is in the editor, saved or not: the document's own
:meth:`~diplodesk.document.map_queries.MapQueries.variant` (what Save and Play would make of
it) and its shapes, never a file. It is worked out again a moment after the last edit, and
only while the tab is in view; a board the engine can't read yet says why instead.
"""

from __future__ import annotations

import traceback
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFrame,
    QLabel,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ....designer.balance import BalanceError, BalanceReport, balance_report
from ....designer.balance_text import (
    CENTRE_COLUMNS,
    POWER_COLUMNS,
    centre_rows,
    distance_columns,
    distance_rows,
    exposure_columns,
    exposure_rows,
    power_rows,
    season_word,
)
from ....document.map_document import MapEditError
from ....engine.variant import Variant, VariantError

REFRESH_DELAY_MS = 400
PICTURE_WIDTH = 1200  # pixels of the picture drawn at least (it is scaled to the panel)


class BalanceDock(QDockWidget):
    """A dock of tabs: the balance report first ("Report"), then whatever is added."""

    def __init__(self, editor: Any):
        super().__init__("Balance", editor)
        self.setObjectName("balance")
        self.tabs = QTabWidget()
        self.report_panel = BalancePanel(editor)
        self.tabs.addTab(self.report_panel, "Report")
        self.setWidget(self.tabs)
        # a dock among tabbed docks stays "visible" under the others: this says when it's in view
        self.visibilityChanged.connect(self.report_panel.set_in_view)

    def add_tab(self, widget: QWidget, title: str) -> int:
        """Dock another panel beside the report (the playtests); its index among the tabs.
        ``report_panel.variant_changed`` says when the board it reads has changed.

        The panel scrolls when the dock is smaller than it: a tab's least size would
        otherwise be the whole dock column's, and the playtests' (curves, table and a row
        of settings) made the editor taller than a 1366 x 768 screen."""
        scroller = QScrollArea()
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setWidget(widget)
        return self.tabs.addTab(scroller, title)


class BalancePanel(QWidget):
    """The report of the board in the editor: a summary line, then the picture and the
    tables, a tab each."""

    #: the board as a playable Variant after each refresh, or None when it can't be read yet
    variant_changed = Signal(object)

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        self.doc = editor.doc
        self.report: BalanceReport | None = None
        self.variant: Variant | None = None
        self.problem = ""  # why there is no report (or no picture), in a line
        self.stale = True
        self.in_view = False  # the Balance dock's tab is the one shown
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel("Weighing the board…")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.pages = QTabWidget()  # the picture first, then the report's tables
        self.picture = PictureView()
        self.powers = _table(POWER_COLUMNS)
        self.centres = _table(CENTRE_COLUMNS)
        self.centres.cellClicked.connect(self._centre_clicked)
        self.exposure = _table(("Power", "Home"))
        self.distances = _table(("Centre",))
        for widget, title in ((self.picture, "Map"), (self.powers, "Powers"), (self.centres, "Neutral centres"),
                              (self.exposure, "Exposure"), (self.distances, "Distances")):
            self.pages.addTab(widget, title)
        lay.addWidget(self.pages, 1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        editor.link(self.doc.changed, self._changed)

    # -- keeping up with the board ------------------------------------------------------------

    def _changed(self, _change: Any) -> None:
        self.stale = True
        if self.in_view:
            self._timer.start()

    def set_in_view(self, shown: bool) -> None:
        """The dock came into view (its tab picked, or shown) or went out of it."""
        self.in_view = bool(shown)
        if self.in_view and self.stale:
            self._timer.start(0)

    def refresh(self) -> None:
        """Weigh the board as it is now (edits do it a moment after the last one)."""
        self._timer.stop()
        self.stale = False
        try:
            self._refresh()
        except Exception as e:  # noqa: BLE001 - the report must never take the editor down
            traceback.print_exc()
            self._show_none(f"the balance report failed: {type(e).__name__}: {e}")

    def _refresh(self) -> None:
        try:
            variant = self.doc.variant()
            report = balance_report(variant)
        except VariantError as e:
            self._show_none("Fix the board's errors first (see Checks): " + "; ".join(e.problems[:3]))
            return
        except BalanceError as e:
            self._show_none(str(e))
            return
        self.variant, self.report = variant, report
        self._fill(report)
        try:
            geometry = self.doc.map_geometry()
        except MapEditError as e:
            self.picture.set_image(None, f"No picture: {e}")
            self.problem = str(e)
        else:
            from ....render.balance_map import balance_image

            width = max(PICTURE_WIDTH, round(self.picture.width() * self.devicePixelRatioF()))
            self.picture.set_image(balance_image(variant, geometry, report, width))
            self.problem = ""
        alone = sum(1 for r in report.races if len(r.first) == 1)
        contested = sum(1 for r in report.races if r.contested)
        seasons = ", ".join(season_word(s) for s in report.seasons)
        self.summary.setText(f"<b>{len(report.neutral)} neutral centres</b>: {alone} reached first by one "
                             f"power alone, {contested} contested. A move is one movement turn ({seasons} "
                             "in a year); each unit is taken alone, nobody in its way.")
        self.variant_changed.emit(variant)

    def _show_none(self, why: str) -> None:
        self.report, self.variant, self.problem = None, None, why
        self.summary.setText(why)
        for table in (self.powers, self.centres, self.exposure, self.distances):
            table.setRowCount(0)
        self.picture.set_image(None, why)
        self.variant_changed.emit(None)

    def _fill(self, report: BalanceReport) -> None:
        _rows(self.powers, POWER_COLUMNS, [list(r) for r in power_rows(report)])
        _rows(self.centres, CENTRE_COLUMNS, [list(r) for r in centre_rows(report)])
        _rows(self.exposure, exposure_columns(report), [list(r) for r in exposure_rows(report)])
        _rows(self.distances, distance_columns(report), [list(r) for r in distance_rows(report)])

    def _centre_clicked(self, row: int, _column: int) -> None:
        item = self.centres.item(row, 0)
        if item is not None and self.doc.has_province(item.text()):
            self.editor.select([item.text()])


def _table(columns: tuple[str, ...]) -> QTableWidget:
    t = QTableWidget(0, len(columns))
    t.setHorizontalHeaderLabels(list(columns))
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.verticalHeader().setVisible(False)
    t.verticalHeader().setDefaultSectionSize(t.fontMetrics().height() + 6)
    t.setWordWrap(False)
    return t


def _rows(table: QTableWidget, columns: tuple[str, ...], rows: list[list[str]]) -> None:
    table.setUpdatesEnabled(False)
    try:
        table.clear()
        table.setColumnCount(len(columns))
        table.setHorizontalHeaderLabels(list(columns))
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
    finally:
        table.setUpdatesEnabled(True)


class PictureView(QWidget):
    """The report's picture, scaled to fit, or a line saying why there is none."""

    def __init__(self):
        super().__init__()
        self.image: QImage | None = None
        self.note = "No picture yet"
        self.setMinimumHeight(120)

    def set_image(self, image: QImage | None, note: str = "") -> None:
        self.image, self.note = image, note
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(400, 320)

    def paintEvent(self, _event: Any) -> None:
        p = QPainter(self)
        try:
            p.fillRect(self.rect(), self.palette().base())
            if self.image is None or self.image.isNull():
                p.drawText(self.rect().adjusted(8, 8, -8, -8), Qt.TextFlag.TextWordWrap, self.note)
                return
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            w, h = self.width(), self.height()
            k = min(w / self.image.width(), h / self.image.height())
            dw, dh = self.image.width() * k, self.image.height() * k
            p.drawImage(QRectF((w - dw) / 2, (h - dh) / 2, dw, dh), self.image)
        finally:
            p.end()
