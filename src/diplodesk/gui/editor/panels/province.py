"""The selected province's properties: id, name, kind, supply centre, home, aliases and
coasts (and, for a background shape, making it a province).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ....document import map_commands as mc
from ....document.map_document import KINDS, MapChange
from .widgets import make_button, set_text, split_words

# -- the selected province ------------------------------------------------------------------


class ProvincePanel(QWidget):
    """The selected province's id, name, kind, supply centre, home power, coasts and
    aliases, each edited by an undoable command."""

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        self.doc = editor.doc
        self.pid: str | None = None
        lay = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        lay.addWidget(self.title)
        self.form_box = QWidget()
        form = QFormLayout(self.form_box)
        form.setContentsMargins(0, 0, 0, 0)
        self.id = QLineEdit()
        self.id.editingFinished.connect(self._rename)
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self._set(name=self.name.text().strip()))
        self.kind = QComboBox()
        for k in KINDS:
            self.kind.addItem(k, k)
        self.kind.activated.connect(lambda _i: self._set(kind=self.kind.currentData()))
        self.center = QCheckBox("Supply centre")
        self.center.clicked.connect(lambda on: self._set(center=bool(on)))
        self.home = QComboBox()
        self.home.activated.connect(lambda _i: self._set(home=self.home.currentData()))
        self.coasts = QLabel()
        self.coasts.setWordWrap(True)
        coast_buttons = QHBoxLayout()
        coast_buttons.addWidget(make_button("Coasts…", self._edit_coasts,
                                        "Give it separate coasts, each facing its seas"))
        coast_buttons.addWidget(make_button("One coast", self._no_coasts, "No separate coasts"))
        self.aliases = QLineEdit()
        self.aliases.setPlaceholderText("other names, separated by spaces")
        self.aliases.editingFinished.connect(lambda: self._set(aliases=tuple(split_words(self.aliases.text()))))
        self.info = QLabel()
        self.info.setWordWrap(True)
        form.addRow("Id", self.id)
        form.addRow("Name", self.name)
        form.addRow("Kind", self.kind)
        form.addRow("", self.center)
        form.addRow("Home of", self.home)
        form.addRow("Coasts", self.coasts)
        form.addRow("", coast_buttons)
        form.addRow("Aliases", self.aliases)
        form.addRow("", self.info)
        lay.addWidget(self.form_box)
        self.promote = make_button("Make it a province…", editor.promote_selected_decoration)
        lay.addWidget(self.promote)
        lay.addStretch(1)
        editor.selection_changed.connect(self.refresh)
        editor.link(self.doc.changed, self._changed)
        self.refresh()

    def _changed(self, _change: MapChange) -> None:
        self.refresh()

    def refresh(self) -> None:
        ed, doc = self.editor, self.doc
        sel = ed.selection
        self.pid = sel[0] if len(sel) == 1 and doc.has_province(sel[0]) else None
        deco = ed.selected_decoration
        self.promote.setVisible(deco is not None and self.pid is None)
        if self.pid is None:
            self.form_box.setEnabled(False)
            if deco is not None:
                self.title.setText(f"Background shape {deco}: not a province")
            elif len(sel) > 1:
                self.title.setText(f"{len(sel)} provinces selected: {', '.join(sel)}")
            else:
                self.title.setText("Nothing selected: click a province")
            for w in (self.id, self.name, self.aliases):
                set_text(w, "")
            self.coasts.setText("")
            self.info.setText("")
            return
        self.form_box.setEnabled(True)
        r = doc.province(self.pid)
        self.title.setText(f"{r.name} ({r.id})")
        set_text(self.id, r.id)
        set_text(self.name, r.name)
        set_text(self.aliases, " ".join(r.aliases))
        with QSignalBlocker(self.kind):
            self.kind.setCurrentIndex(max(0, self.kind.findData(r.kind)))
        with QSignalBlocker(self.center):
            self.center.setChecked(r.center)
        with QSignalBlocker(self.home):
            self.home.clear()
            self.home.addItem("— no power —", None)
            for p in doc.powers:
                self.home.addItem(p.name, p.name)
            self.home.setCurrentIndex(max(0, self.home.findData(r.home)) if r.home else 0)
        self.coasts.setText(", ".join(r.coasts) if r.coasts else "one coast (or none)")
        nbrs = sorted(doc.neighbours(self.pid))
        self.info.setText(f"Borders {len(nbrs)}: {', '.join(nbrs)}")

    def _rename(self) -> None:
        pid, new = self.pid, self.id.text().strip()
        if pid is None or new == pid:
            return
        if self.editor.push(lambda: mc.RenameProvinceCommand(self.doc, pid, new)):
            self.editor.select([new])
        else:
            self.refresh()

    def _set(self, **fields: Any) -> None:
        pid = self.pid
        if pid is None:
            return
        r = self.doc.province(pid)
        if all(getattr(r, k) == v for k, v in fields.items()):
            return
        if not self.editor.push(lambda: mc.SetProvinceCommand(self.doc, pid, **fields)):
            self.refresh()

    def _edit_coasts(self) -> None:
        pid = self.pid
        if pid is None:
            return
        doc = self.doc
        r = doc.province(pid)
        if r.kind != "coast":
            self.editor.fail(f"Only a coast province can have separate coasts ({pid} is {r.kind})")
            return
        seas = sorted(p for p in doc.neighbours(pid) if doc.province(p).kind == "sea")
        ans = self.editor.prompts.coast_seas(doc, pid, list(r.coasts) or ["nc", "sc"], seas)
        if ans is None:
            return
        self.editor.push(lambda: mc.PickCoastSeasCommand(doc, pid, ans), box=True)

    def _no_coasts(self) -> None:
        pid = self.pid
        if pid is not None and self.doc.province(pid).coasts:
            self.editor.push(lambda: mc.SetCoastsCommand(self.doc, pid, ()))
