"""The special borders and lines, listed; selecting one selects it on the map.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QVBoxLayout, QWidget

from ....document import map_commands as mc
from ....document.map_document import MapChange
from ..items.style import describe_special
from .widgets import make_button

# -- specials ------------------------------------------------------------------------------


class SpecialsPanel(QWidget):
    """The variant's special borders and lines; selecting one shows it on the map."""

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        self.doc = editor.doc
        lay = QVBoxLayout(self)
        hint = QLabel("Add with the tools: difficult border (D), seasonal closure (W), railroad (R), "
                      "canal (L), land bridge (B).")
        hint.setWordWrap(True)
        lay.addWidget(hint)
        self.list = QListWidget()
        self.list.currentRowChanged.connect(self._picked)
        self.list.itemDoubleClicked.connect(lambda _i: self._edit())
        lay.addWidget(self.list, 1)
        row = QHBoxLayout()
        row.addWidget(make_button("Edit…", self._edit))
        row.addWidget(make_button("Remove", self._remove))
        lay.addLayout(row)
        editor.link(self.doc.changed, self._changed)
        editor.special_selected.connect(self._select_row)
        self.refresh()

    def _changed(self, _change: MapChange) -> None:
        self.refresh()

    def refresh(self) -> None:
        with QSignalBlocker(self.list):
            self.list.clear()
            for sp in self.doc.specials:
                self.list.addItem(describe_special(sp))
            sel = self.editor.selected_special
            if sel is not None and sel < self.list.count():
                self.list.setCurrentRow(sel)

    def _select_row(self, index: Any) -> None:
        with QSignalBlocker(self.list):
            self.list.setCurrentRow(-1 if index is None else int(index))

    def _picked(self, row: int) -> None:
        self.editor.select_special(row if row >= 0 else None, zoom=True)

    def _remove(self) -> None:
        row = self.list.currentRow()
        if row < 0:
            self.editor.fail("Select a special first")
            return
        self.editor.push(lambda: mc.RemoveSpecialCommand(self.doc, row))

    def _edit(self) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        sp = self.doc.specials[row]
        d = sp.to_json()
        kind = d.pop("kind")
        prompts = self.editor.prompts
        if kind == "seasonal":
            seasons = prompts.seasons(list(self.doc.calendar.get("seasons", ("S", "F"))), list(d.get("seasons") or []))
            if not seasons:
                return
            d["seasons"] = seasons
        elif kind == "railroad":
            ans = prompts.railroad(self.doc, d)
            if not ans:
                return
            d["powers"] = ans["powers"]
            for k in ("name", "code"):
                if ans.get(k):
                    d[k] = ans[k]
                else:
                    d.pop(k, None)
        elif kind == "land_bridge":
            units = prompts.land_bridge_units(list(d.get("units") or ["A", "F"]))
            if not units:
                return
            d["units"] = units
        else:
            self.editor.status("A difficult border or a canal has nothing more to set: remove it and draw it again")
            return
        self.editor.push(lambda: mc.EditSpecialCommand(self.doc, row, kind, **d), box=True)
