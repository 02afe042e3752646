"""Playtests in the map editor: bot games of the map being drawn, their curves and table.

``PlaytestPanel(variant_getter)`` asks ``variant_getter()`` for the variant when Run is
pressed (the map as it stands, or a variant id), plays the games off the GUI thread
(``designer/playtest.py``, spread over the cores) with a progress bar, the time left and
Cancel, then shows each power's centre curve (``render/curves.py``) and a table. A
standalone widget: the editor's Balance dock takes it as a tab.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF, Qt, QThread, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....designer.bots import BOT_NAMES
from ....designer.playtest import (
    PlaytestCancelled,
    PlaytestError,
    PlaytestSpec,
    clock_text,
    load,
    run_playtest,
)
from ....designer.playtest_report import HINT, PlaytestReport
from ....render.curves import paint_centre_curves


class PlaytestRun(QThread):
    """One playtest in its own thread; ``cancel()`` stops it between games."""

    progressed = Signal(int, int, float)  # games done, games in all, seconds left (-1: not yet known)

    def __init__(self, spec: PlaytestSpec, parent: QWidget | None = None):
        super().__init__(parent)
        self.spec = spec
        self.stopped = False
        self.report: PlaytestReport | None = None
        self.error: str | None = None

    def cancel(self) -> None:
        self.stopped = True

    def run(self) -> None:
        def progress(done: int, total: int, left: float | None) -> None:
            self.progressed.emit(done, total, -1.0 if left is None else left)

        try:
            self.report = run_playtest(self.spec, progress, lambda: self.stopped)
        except PlaytestCancelled:
            pass
        except PlaytestError as e:
            self.error = str(e)
        except Exception as e:  # noqa: BLE001 - the editor stays up whatever a playtest meets
            self.error = f"the playtest stopped: {type(e).__name__}: {e}"


class CurvesView(QWidget):
    """The centre curves of the last playtest."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.report: PlaytestReport | None = None
        self.setMinimumSize(320, 220)

    def set_report(self, report: PlaytestReport | None) -> None:
        self.report = report
        self.update()

    def paintEvent(self, event: Any) -> None:
        painter = QPainter(self)
        try:
            if self.report is None:
                painter.fillRect(self.rect(), self.palette().base())
                painter.setPen(self.palette().placeholderText().color())
                painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                                 "Run a playtest to see each power's centres, year by year.")
            else:
                paint_centre_curves(painter, QRectF(self.rect()), self.report)
        finally:
            painter.end()


class PlaytestPanel(QWidget):
    """Games, years, bot and seed; Run, with a progress bar, the time left and Cancel; then
    the curves and the table."""

    done = Signal(object)  # the report, or None when cancelled or refused

    def __init__(self, variant_getter: Callable[[], Any], parent: QWidget | None = None,
                 workers: int | None = None):
        super().__init__(parent)
        self.variant_getter = variant_getter
        self.workers = workers  # processes to play in (None: one per core)
        self.run_thread: PlaytestRun | None = None
        self.report: PlaytestReport | None = None
        lay = QVBoxLayout(self)
        grid = QGridLayout()
        self.games = _spin(1, 100_000, 100, "Games to play")
        self.years = _spin(1, 200, 20, "Years each game lasts, unless somebody wins")
        self.bot = QComboBox()
        self.bot.addItems(list(BOT_NAMES))
        self.bot.setCurrentText("greedy")
        self.bot.setToolTip("random: any legal order; greedy: each unit goes for the nearest centre not owned, "
                            "attacks supported, threatened homes covered")
        self.seed = _spin(0, 2_000_000_000, 1, "The same seed plays the same games")
        for col, (label, w) in enumerate((("Games", self.games), ("Years", self.years), ("Bot", self.bot),
                                          ("Seed", self.seed))):
            grid.addWidget(QLabel(label), 0, 2 * col)
            grid.addWidget(w, 0, 2 * col + 1)
        lay.addLayout(grid)
        row = QHBoxLayout()
        self.run_button = QPushButton("Run")
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m games")
        self.progress.setValue(0)
        self.left = QLabel("")
        row.addWidget(self.run_button)
        row.addWidget(self.progress, 1)
        row.addWidget(self.left)
        row.addWidget(self.cancel_button)
        lay.addLayout(row)
        self.status = QLabel(HINT)
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.curves = CurvesView()
        lay.addWidget(self.curves, 3)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Power", "Centres at the end", "Solo", "Out"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        lay.addWidget(self.table, 2)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    # -- running -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.run_thread is not None

    def start(self) -> None:
        if self.running:
            return
        try:
            variant = self.variant_getter()
            if variant is None:
                raise PlaytestError("there is no playable variant to playtest yet")
            spec = PlaytestSpec(variant, games=self.games.value(), years=self.years.value(),
                                bot=self.bot.currentText(), seed=self.seed.value(), workers=self.workers)
            load(spec)
        except ValueError as e:  # PlaytestError, VariantError: the map cannot be played as it is
            self.status.setText(f"<b style='color:#b00020'>Cannot playtest:</b> {e}")
            self.done.emit(None)
            return
        self.progress.setRange(0, spec.games)
        self.progress.setValue(0)
        self.left.setText("")
        self.status.setText(f"Playing {spec.games} games of {spec.years} years… {HINT}")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        t = self.run_thread = PlaytestRun(spec, self)
        t.progressed.connect(self._progressed)
        t.finished.connect(self._finished)
        t.start()

    def cancel(self) -> None:
        if self.run_thread is not None:
            self.run_thread.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText("Cancelling…")

    def stop(self) -> None:
        """Cancel and wait for the games to stop (the app quits, the panel goes)."""
        t = self.run_thread
        if t is not None:
            t.cancel()
            t.wait()

    def closeEvent(self, event: Any) -> None:
        self.stop()
        super().closeEvent(event)

    def _progressed(self, done: int, total: int, left: float) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)
        self.left.setText("" if left < 0 or done == 0 else f"{clock_text(left)} left")

    def _finished(self) -> None:
        t = self.run_thread
        self.run_thread = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.left.setText("")
        if t is None:
            return
        if t.error is not None:
            self.status.setText(f"<b style='color:#b00020'>Cannot playtest:</b> {t.error}")
        elif t.report is None:
            self.status.setText("Cancelled: the last results stay shown.")
        else:
            self.show_report(t.report)
        t.deleteLater()
        self.done.emit(t.report)

    # -- showing -------------------------------------------------------------------------

    def show_report(self, report: PlaytestReport) -> None:
        self.report = report
        self.curves.set_report(report)
        figures = report.figures
        self.table.setRowCount(len(figures))
        self.table.setHorizontalHeaderLabels(
            ["Power", f"Centres at the end of {report.year_labels[-1]}", "Solo", "Out"])
        for r, f in enumerate(figures):
            cells = (f.power, f"{f.mean[-1]:.1f} ± {f.spread[-1]:.1f}", f"{100 * f.solo_rate:.1f}%",
                     f"{100 * f.elimination_rate:.1f}%")
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        n = report.games
        errors = report.errors
        won = f"{report.wins} of {n} won outright" if report.wins else f"none of {n} won outright"
        trouble = (f"; <b style='color:#b00020'>{len(errors)} stopped on a phase the engine could not play</b> "
                   f"(first: game {errors[0][0]}, {errors[0][1]})" if errors else "")
        self.status.setText(f"{n} games of {report.years} years, {report.bot} bots, seed {report.seed}: "
                            f"{won}{trouble}. {HINT}")


def _spin(low: int, high: int, value: int, tip: str) -> QSpinBox:
    s = QSpinBox()
    s.setRange(low, high)
    s.setValue(value)
    s.setToolTip(tip)
    return s
