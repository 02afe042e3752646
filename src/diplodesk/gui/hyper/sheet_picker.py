"""Going to a nation's order sheet by its name: the world board has over a hundred nations
and territories, more sheets than a tabbed dock can name, so the GM types a few letters."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QCompleter, QWidget

from ...document.hyper_game import HyperGameDocument


class SheetPicker(QComboBox):
    """An editable list of every nation and bank giving orders, matched anywhere in its name."""

    picked = Signal(str)  # the giver's id

    def __init__(self, doc: HyperGameDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("sheet-picker")
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setMinimumContentsLength(22)
        self.setToolTip("Go to a nation's or bank's order sheet: type part of its name (Ctrl+G)")
        self.lineEdit().setPlaceholderText("go to a sheet…")
        self.refresh()
        self.activated.connect(self._activated)

    def refresh(self) -> None:
        givers = sorted(self.doc.givers, key=lambda g: (self.doc.name_of(g).casefold(), g))
        if [self.itemData(i) for i in range(self.count())] == givers:
            return
        self.blockSignals(True)
        self.clear()
        for g in givers:
            self.addItem(f"{self.doc.name_of(g)} ({g})", g)
        self.setCurrentIndex(-1)
        self.blockSignals(False)
        done = QCompleter(self.model(), self)
        done.setFilterMode(Qt.MatchFlag.MatchContains)
        done.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        done.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(done)

    def _activated(self, index: int) -> None:
        giver = self.itemData(index)
        if giver:
            self.picked.emit(giver)
