"""The desk's Orders dock: the searchable list of every nation and bank over the one sheet
shown. A sheet is made the first time it is shown (the world board has over a hundred), and
kept; the others' checks wait until they are shown again."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QStackedWidget, QVBoxLayout, QWidget

from ...document.hyper_game import HyperGameDocument
from .sheet_dock import OrderSheet
from .sheet_picker import SheetPicker


class Sheets(Mapping[str, OrderSheet]):
    """Every giver's sheet, made when first asked for: ``sheets["ger"]``; iterating goes over
    the givers, :meth:`made` over the sheets made so far."""

    def __init__(self, dock: OrdersDock):
        self.dock = dock
        self._made: dict[str, OrderSheet] = {}

    def __getitem__(self, giver: str) -> OrderSheet:
        sheet = self._made.get(giver)
        if sheet is None:
            if giver not in self.dock.doc.givers:
                raise KeyError(giver)
            sheet = self._made[giver] = self.dock.make_sheet(giver)
        return sheet

    def __contains__(self, giver: object) -> bool:
        return giver in self._made or giver in self.dock.doc.givers

    def __iter__(self) -> Iterator[str]:
        return iter(self.dock.doc.givers)

    def __len__(self) -> int:
        return len(self.dock.doc.givers)

    def made(self) -> list[OrderSheet]:
        return list(self._made.values())

    def get_made(self, giver: str) -> OrderSheet | None:
        return self._made.get(giver)


class OrdersDock(QDockWidget):
    """The list of givers and the sheet of the one picked."""

    committed = Signal(str, list)  # giver, orders
    paste_requested = Signal(str)  # giver
    shown = Signal(str)  # the giver whose sheet is now shown

    def __init__(self, doc: HyperGameDocument, parent: QWidget | None = None):
        super().__init__("Orders", parent)
        self.setObjectName("orders-dock")
        self.doc = doc
        body = QWidget()
        self.picker = SheetPicker(doc, body)
        self.picker.picked.connect(self.show_sheet)
        self.title = QLabel()
        self.title.setObjectName("sheet-title")
        self.stack = QStackedWidget()
        self.stack.setObjectName("sheet-stack")
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.picker)
        lay.addWidget(self.title)
        lay.addWidget(self.stack, 1)
        self.setWidget(body)
        self.sheets = Sheets(self)
        self.current: str | None = None

    def make_sheet(self, giver: str) -> OrderSheet:
        sheet = OrderSheet(self.doc, giver, self.stack)
        sheet.committed.connect(self.committed)
        sheet.paste_requested.connect(self.paste_requested)
        self.stack.addWidget(sheet)
        return sheet

    def show_sheet(self, giver: str) -> OrderSheet | None:
        """Bring ``giver``'s sheet forward (made if need be) and mark it in the list."""
        if giver not in self.sheets:
            return None
        sheet = self.sheets[giver]
        self.current = giver
        self.stack.setCurrentWidget(sheet)
        self.picker.set_current(giver)
        self.title.setText(f"<b>{self.doc.name_of(giver)}</b> ({giver})")
        self.setWindowTitle(f"Orders — {self.doc.name_of(giver)}")
        self.shown.emit(giver)
        return sheet

    def current_sheet(self) -> OrderSheet | None:
        return self.sheets.get_made(self.current) if self.current else None
