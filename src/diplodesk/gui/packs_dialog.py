"""File > Print packs…: one PDF per power (its map as it sees it, its orders, results and
report) and the GM's, for an adjudicated phase; with a progress bar, cancel, and a print
preview of one power's pack.

The PDFs come from the renderer's :func:`~diplodesk.render.pack.all_packs`; the preview
paints the same pages (the same map page and report pages, drawn by the same code) on the
preview's printer.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMarginsF, Qt
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..render.pack import (
    PAGE_SIZES,
    PackOptions,
    paint_pack,
)
from .pack_progress import PackDialogParts

if TYPE_CHECKING:
    from ..document.game_document import GameDocument


def page_layout(options: PackOptions) -> QPageLayout:
    orientation = QPageLayout.Orientation.Landscape if options.landscape else QPageLayout.Orientation.Portrait
    return QPageLayout(QPageSize(PAGE_SIZES[options.page_size]), orientation, QMarginsF(10, 10, 10, 10),
                       QPageLayout.Unit.Millimeter)


class PrintPacksDialog(PackDialogParts, QDialog):
    """Which phase, where, what paper and which powers; then make the packs or preview one."""

    def __init__(self, doc: GameDocument, viewed: int | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Print packs")
        self.resize(560, 560)
        self.made: list[Path] = []
        self.progress: QProgressDialog | None = None
        self.cancelled = False

        form = QFormLayout()
        self.phase = QComboBox()
        for i, rec in enumerate(doc.history):
            self.phase.addItem(f"{rec.phase} — adjudicated", i)
        cur = doc.position.phase
        self.phase.addItem(f"{cur} — current (a preview of the orders given so far)", None)
        if viewed is not None and 0 <= viewed < len(doc.history):
            self.phase.setCurrentIndex(viewed)
        else:
            self.phase.setCurrentIndex(max(0, len(doc.history) - 1))
        form.addRow("&Phase:", self.phase)
        self._add_paper_rows(form, PAGE_SIZES, "&Orientation:", ["Landscape", "Portrait"])
        self.powers = QListWidget()
        for p in doc.powers:
            item = QListWidgetItem(p)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.powers.addItem(item)
        self.powers.setCurrentRow(0)
        sel = QHBoxLayout()
        for text, state in (("All", Qt.CheckState.Checked), ("None", Qt.CheckState.Unchecked)):
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, s=state: self._check_all(s))
            sel.addWidget(b)
        sel.addStretch(1)
        self.status = QLabel("A PDF for each power ticked, and the GM's full view.")
        self.status.setWordWrap(True)
        buttons = self._buttons("Preview the pack of the power selected in the list")

        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(QLabel("Powers (the GM's pack is always made):"))
        box.addWidget(self.powers, 1)
        box.addLayout(sel)
        box.addWidget(self.status)
        box.addWidget(buttons)

    # -- choices ---------------------------------------------------------------------------

    def _check_all(self, state) -> None:
        for i in range(self.powers.count()):
            self.powers.item(i).setCheckState(state)

    def chosen_powers(self) -> list[str]:
        return [self.powers.item(i).text() for i in range(self.powers.count())
                if self.powers.item(i).checkState() == Qt.CheckState.Checked]

    def options(self) -> PackOptions:
        return PackOptions(self.page_size.currentText(), landscape=self.orientation.currentIndex() == 0)

    def position_json(self) -> dict:
        i = self.phase.currentData()
        if i is None:
            return self.doc.position.to_json()
        return dict(self.doc.history[i].position)

    # -- making ----------------------------------------------------------------------------

    def make(self) -> list[Path]:
        """Make the packs, with a progress dialog whose Cancel stops after the pack being made."""
        from ..render.export import RenderError
        from ..render.pack import all_packs

        powers = self.chosen_powers()
        folder = Path(self.folder.text()).expanduser()
        self._begin_progress(len(powers) + 1)
        self.made = []
        data = self.position_json()
        try:
            if powers:
                self.made = all_packs(data, folder, self.options(), self._progress, powers)
            else:  # no power ticked: the GM's pack alone
                from ..engine import load_position
                from ..render.pack import power_pack

                pos = load_position(data)
                folder.mkdir(parents=True, exist_ok=True)
                out = folder / f"{pos.variant.id}-{pos.phase}-gm.pdf"
                self.made = [power_pack(data, None, out, self.options())]
        except (RenderError, OSError, ValueError) as e:
            self._say_failed(e)
            return []
        finally:
            self._end_progress()
        self._say_made(self.made, folder)
        return self.made

    def preview(self, power: str | None = None, run: bool = True):
        """A print preview of one power's pack (the one selected; the GM's if none)."""
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        if power is None:
            item = self.powers.currentItem()
            power = item.text() if item is not None else None
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(page_layout(self.options()))
        data = self.position_json()
        dlg = QPrintPreviewDialog(printer, self)
        dlg.setWindowTitle(f"Pack of {power or 'the GM'} — preview")
        dlg.paintRequested.connect(lambda pr: paint_pack(pr, data, power, self.options()))
        if run:
            dlg.exec()
        return dlg

