"""Going to a nation's order sheet by its name: the world board has over a hundred nations,
banks and territories, more than tabs can name, so the Orders dock lists them all and the GM
types a few letters of any name it goes by (its name, id, abbreviation, or a usual name the
board lists: "brit" finds the United Kingdom)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from ...document.hyper_game import HyperGameDocument

ROWS = 6  # the list's height, in lines: the sheet keeps the rest of the dock


def match_rank(key: str, names: list[str], abbr: str = "") -> int | None:
    """How well ``key`` names one of ``names`` (all in one case): 0 one of them (its
    four-letter abbreviation counts as a start only: "brit" is British India's, and Britain's
    start), 1 the start of one, 2 the start of a word of one, 3 inside one; None: not at all."""
    if key in names and key != abbr:
        return 0
    if any(n.startswith(key) for n in names):
        return 1
    if any(w.startswith(key) for n in names for w in n.replace("-", " ").split()):
        return 2
    return 3 if any(key in n for n in names) else None


class SheetList(QListWidget):
    """The list of sheets, the sheet marked kept in view whatever its height becomes (the
    first layout, a sheet made under it, a dock pulled): a short list scrolled once, when the
    sheet was marked, could leave it out of sight."""

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.keep_current_in_view()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.keep_current_in_view()

    def keep_current_in_view(self) -> None:
        item = self.currentItem()
        if item is not None and not item.isHidden():
            self.scrollToItem(item)

    def shows(self, item: QListWidgetItem) -> bool:
        """Is ``item`` wholly in sight?"""
        return self.viewport().rect().contains(self.visualItemRect(item))


class SheetPicker(QWidget):
    """A filter line over the list of every nation and bank giving orders."""

    picked = Signal(str)  # the giver's id

    def __init__(self, doc: HyperGameDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("sheet-picker")
        self.filter = QLineEdit()
        self.filter.setObjectName("sheet-filter")
        self.filter.setPlaceholderText("find a nation or bank: part of any of its names (Ctrl+G)")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._filter)
        self.filter.returnPressed.connect(self._take_first)
        self.filter.installEventFilter(self)
        self.list = SheetList()
        self.list.setObjectName("sheet-list")
        self.list.setUniformItemSizes(True)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addWidget(self.filter)
        lay.addWidget(self.list)
        self.current: str | None = None
        self._givers: list[str] = []
        self.refresh()

    def refresh(self) -> None:
        """The givers again (a nation formed in play, a bank founded), with their order counts."""
        doc = self.doc
        self._givers = sorted(doc.givers, key=lambda g: (doc.name_of(g).casefold(), g))
        self._filter(self.filter.text())
        self.list.setMaximumHeight(max(self.list.sizeHintForRow(0), 16) * ROWS + 6)
        self.list.keep_current_in_view()

    def _label(self, giver: str) -> str:
        n = len(self.doc.orders(giver))
        count = f"  · {n} order{'s' if n != 1 else ''}" if n else ""
        return f"{self.doc.name_of(giver)} ({giver}){count}"

    def update_counts(self, giver: str) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == giver:
                item.setText(self._label(giver) + self._alias_note(giver, self.filter.text()))

    def matches(self, text: str) -> list[str]:
        """The givers any of whose names holds ``text`` (any case), the likeliest first (Enter
        takes it): "ger" is Germany before Algeria, "brit" the United Kingdom (Britain) before
        British Borneo."""
        key = text.strip().casefold()
        if not key:
            return list(self._givers)
        ranked = []
        for i, g in enumerate(self._givers):
            names = [n.casefold() for n in self.doc.names_of(g)]
            nation = self.doc.position.pack.nations.get(g)
            rank = match_rank(key, names, nation.abbr.casefold() if nation is not None else "")
            if rank is not None:  # then a home nation, then the shortest name found ("Britain")
                st = self.doc.position.nations.get(g)
                ranked.append((rank, st is None or st.kind != "home", min(len(n) for n in names if key in n), i, g))
        return [g for *_, g in sorted(ranked)]

    def _alias_note(self, giver: str, text: str) -> str:
        """" — Britain" when the filter found the giver by a usual name, not by its own."""
        key = text.strip().casefold()
        if not key or key in self.doc.name_of(giver).casefold() or key in giver.casefold():
            return ""
        hit = next((n for n in self.doc.names_of(giver) if key in n.casefold()), "")
        return f" — {hit}" if hit and hit.casefold() != giver.casefold() else ""

    def _filter(self, text: str) -> None:
        """The list of the givers found, the likeliest first and marked (Enter takes it); the
        sheet shown marked again when the filter is cleared."""
        self.list.blockSignals(True)
        self.list.clear()
        for g in self.matches(text):
            item = QListWidgetItem(self._label(g) + self._alias_note(g, text))
            item.setData(Qt.ItemDataRole.UserRole, g)
            self.list.addItem(item)
        if text.strip() and self.list.count():
            self.list.setCurrentRow(0)
        self.list.blockSignals(False)
        if not text.strip() and self.current is not None:
            self.set_current(self.current)

    def visible_givers(self) -> list[str]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())
                if not self.list.item(i).isHidden()]

    def set_current(self, giver: str) -> None:
        """Mark the sheet shown (without saying it was picked)."""
        self.current = giver
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == giver:
                self.list.blockSignals(True)
                self.list.setCurrentItem(item)
                self.list.blockSignals(False)
                if not item.isHidden():
                    self.list.scrollToItem(item)
                return
        if self.filter.text().strip():  # a sheet the filter hides (a map click brought it): all again
            self.filter.clear()

    def pick(self, giver: str) -> None:
        self.set_current(giver)
        self.picked.emit(giver)

    def _activated(self, item: QListWidgetItem) -> None:
        self.pick(item.data(Qt.ItemDataRole.UserRole))

    def _take_first(self) -> None:
        shown = self.visible_givers()
        if shown:
            self.pick(shown[0])

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        """Down from the filter goes into the list, as in any search box."""
        if obj is self.filter and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Down:
            self.list.setFocus()
            shown = [self.list.item(i) for i in range(self.list.count()) if not self.list.item(i).isHidden()]
            if shown:
                self.list.setCurrentItem(shown[0])
            return True
        return super().eventFilter(obj, event)

    def focus_filter(self) -> None:
        self.filter.setFocus()
        self.filter.selectAll()
