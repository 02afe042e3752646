"""Export and print the board shown, and print the per-power packs."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtGui import QPainter

from ...engine.rules import blind
from .state import WindowState


class WindowExports(WindowState):
    """Mixed into the main window: the board shown, to a file or a printer."""

    def export(self) -> None:
        if self.doc is None:
            return
        pos, _ = self.shown_position()
        base = self.doc.path.with_suffix("") if self.doc.path else Path.home() / "board"
        path = self.prompts.export_path(f"{base}-{pos.phase}.png")
        if path:
            self.export_to(path)

    def export_to(self, path: str | os.PathLike, width: int = 2000) -> bool:
        from ...render.export import RenderError, render_file

        pos, results = self.shown_position()
        geometry = self.layers.geometry if self.layers else None
        # as the power being edited: drawn from what it may know (in a Blind game only that)
        power = self.power if self.as_power_active else None
        try:
            render_file(pos.to_json(), Path(path), power=power, width=width,
                        results=results, geometry=geometry)
        except (RenderError, OSError, ValueError) as e:
            self.prompts.error("Cannot export", str(e))
            return False
        self.statusBar().showMessage(f"Exported {path}", 4000)
        return True

    def paint_page(self, printer) -> None:
        """Draw the board shown on a printer's page (print and print preview)."""
        from ...render.painter import RenderOptions

        if self.layers is None:
            return
        pos, results = self.display_position()
        painter = QPainter()
        if not painter.begin(printer):
            return
        try:
            page = printer.pageLayout().paintRectPixels(printer.resolution())
            from PySide6.QtCore import QRectF

            target = QRectF(0, 0, page.width(), page.height())
            opts = RenderOptions(power=self.power if self.as_power_active else None)
            if self.as_power_active and blind.active(pos):
                opts.show_counts = False
            painter.setTransform(self.layers.mp.fit_transform(target, opts))
            self.layers.paint_page(painter, pos, results, opts)
        finally:
            painter.end()

    def print_board(self) -> None:
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dlg = QPrintPreviewDialog(printer, self)
        dlg.setWindowTitle("Print the board")
        dlg.paintRequested.connect(self.paint_page)
        dlg.exec()

    def print_packs(self) -> None:
        """File > Print packs…: a PDF per power and the GM's, with a preview."""
        if self.doc is None:
            return
        self.flush()
        self.prompts.print_packs(self.doc, self.viewed)
