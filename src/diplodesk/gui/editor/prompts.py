"""Every question the map editor asks, in one place (tests answer them from a script).

:class:`EditorPrompts` shows modal dialogs; each method returns the answer, or None when
the user cancels. The dialogs only gather values: the window turns them into commands, and
the model says what is wrong with them.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document.map_document import KINDS
from ..dialogs import BasicPrompts
from .autosave import MapOrphan


def suggest_id(name: str, taken: set[str]) -> str:
    """A province id from a name: its first letters, made unique."""
    base = re.sub(r"[^a-z0-9]", "", name.lower())[:3] or "new"
    if not base[0].isalnum():
        base = "p" + base
    pid, n = base, 2
    while pid in taken:
        pid = f"{base}{n}"
        n += 1
    return pid


class _Form(QDialog):
    def __init__(self, parent: QWidget | None, title: str, intro: str = ""):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.layout_ = QVBoxLayout(self)
        if intro:
            label = QLabel(intro)
            label.setWordWrap(True)
            self.layout_.addWidget(label)
        self.form = QFormLayout()
        self.layout_.addLayout(self.form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def finish(self) -> bool:
        self.layout_.addWidget(self.buttons)
        return self.exec() == QDialog.DialogCode.Accepted


class ProvinceDialog(_Form):
    """Id, name and kind of a new province (drawn, split off or made from the background)."""

    def __init__(self, parent: QWidget | None, title: str, intro: str, taken: set[str], kind: str | None,
                 auto_kind: bool = False):
        super().__init__(parent, title, intro)
        self.taken = taken
        self.name = QLineEdit()
        self.id = QLineEdit()
        self.id.setPlaceholderText("lower-case letters and digits, e.g. nav")
        self._id_edited = False
        self.id.textEdited.connect(lambda _t: setattr(self, "_id_edited", True))
        self.name.textChanged.connect(self._name_changed)
        self.kind = QComboBox()
        if auto_kind:
            self.kind.addItem("as the shapes say (coast if it touches a sea)", None)
        for k in KINDS:
            self.kind.addItem(k, k)
        if kind is not None:
            self.kind.setCurrentIndex(self.kind.findData(kind))
        self.form.addRow("Name", self.name)
        self.form.addRow("Id", self.id)
        self.form.addRow("Kind", self.kind)

    def _name_changed(self, text: str) -> None:
        if not self._id_edited:
            self.id.setText(suggest_id(text, self.taken) if text else "")

    def values(self) -> dict[str, Any]:
        return {"id": self.id.text().strip(), "name": self.name.text().strip(), "kind": self.kind.currentData()}


class CoastSeasDialog(_Form):
    """Which coast faces which sea: a row per sea the province borders."""

    def __init__(self, parent: QWidget | None, pid: str, coasts: list[str], seas: list[str]):
        super().__init__(parent, f"Coasts of {pid}",
                         f"Name the coasts of {pid} (e.g. nc sc) and say which coast each sea it borders "
                         f"touches; the province is shared out between them by the nearest shore.")
        self.coasts = QLineEdit(" ".join(coasts))
        self.form.addRow("Coasts", self.coasts)
        self.table = QTableWidget(len(seas), 2)
        self.table.setHorizontalHeaderLabels(["Sea", "Coast"])
        self.table.verticalHeader().hide()
        self.combos: list[QComboBox] = []
        for i, s in enumerate(seas):
            self.table.setItem(i, 0, QTableWidgetItem(s))
            combo = QComboBox()
            self.combos.append(combo)
            self.table.setCellWidget(i, 1, combo)
        self.seas = seas
        self.coasts.textChanged.connect(self._fill)
        self._fill()
        self.layout_.addWidget(self.table)

    def _fill(self) -> None:
        names = self.coasts.text().split()
        for i, combo in enumerate(self.combos):
            was = combo.currentText()
            combo.clear()
            combo.addItem("—", None)
            for c in names:
                combo.addItem(c, c)
            k = combo.findText(was)
            combo.setCurrentIndex(k if k >= 0 else min(i + 1, len(names)) if names else 0)

    def values(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {c: [] for c in self.coasts.text().split()}
        for s, combo in zip(self.seas, self.combos, strict=True):
            c = combo.currentData()
            if c:
                out.setdefault(c, []).append(s)
        return out


class EditorPrompts(BasicPrompts):
    """The map editor's questions, as modal dialogs."""

    def ask_save_changes(self, title: str) -> str:
        return super().ask_save_changes(f"the map {title}")

    def ask_recover(self, orphan: MapOrphan) -> str:
        """``recover``, ``discard`` or ``later``."""
        return self.ask_recover_text(
            "Recover unsaved map?",
            "The map editor did not close properly last time. Unsaved changes to this map were autosaved:",
            orphan.describe())

    def new_province(self, doc: Any, defaults: dict[str, Any]) -> dict[str, Any] | None:
        d = ProvinceDialog(self.parent, "New province", "Name the province you drew. It takes its area "
                           "from the provinces under it (untick to fill only free space).",
                           set(doc.province_ids), defaults.get("kind", "land"))
        carve = QCheckBox("Take the area from the provinces under it")
        carve.setChecked(bool(defaults.get("carve", True)))
        d.form.addRow("", carve)
        if not d.finish():
            return None
        return {**d.values(), "carve": carve.isChecked()}

    def promote(self, doc: Any, borders: dict[str, float]) -> dict[str, Any] | None:
        near = ", ".join(sorted(borders)) or "none"
        d = ProvinceDialog(self.parent, "Make it a province",
                           f"This background shape becomes a province. It borders: {near}.",
                           set(doc.province_ids), "coast")
        if not d.finish():
            return None
        return d.values()

    def split_province(self, doc: Any, pid: str, parts: dict[str, Any]) -> dict[str, Any] | None:
        """``id``, ``name``, ``kind`` (None: from the shapes) and ``part``: which part
        (``smaller`` or ``larger``) becomes the new province."""
        name = doc.province(pid).name
        d = ProvinceDialog(self.parent, f"Split {name}",
                           f"{name} is cut in two along your line. Name the new part; the other keeps "
                           f"{pid}.", set(doc.province_ids), None, auto_kind=True)
        box = QGroupBox("The new province is")
        lay = QVBoxLayout(box)
        small = QRadioButton(f"the smaller part ({parts['smaller']['area']:.0f} square units)")
        large = QRadioButton(f"the larger part ({parts['larger']['area']:.0f} square units)")
        small.setChecked(True)
        lay.addWidget(small)
        lay.addWidget(large)
        d.layout_.addWidget(box)
        if not d.finish():
            return None
        return {**d.values(), "part": "larger" if large.isChecked() else "smaller"}

    def choose(self, title: str, label: str, options: list[str], current: int = 0) -> str | None:
        item, ok = QInputDialog.getItem(self.parent, title, label, options, current, False)
        return item if ok and item else None

    def text(self, title: str, label: str, value: str = "") -> str | None:
        text, ok = QInputDialog.getText(self.parent, title, label, QLineEdit.EchoMode.Normal, value)
        return text if ok else None

    def seasons(self, options: list[str], chosen: list[str]) -> list[str] | None:
        d = _Form(self.parent, "Seasonal closure", "Closed in which seasons? (no units may be ordered there "
                  "or enter it)")
        boxes = []
        for s in options:
            cb = QCheckBox(s)
            cb.setChecked(s in chosen)
            boxes.append(cb)
            d.form.addRow("", cb)
        if not d.finish():
            return None
        return [cb.text() for cb in boxes if cb.isChecked()] or None

    def railroad(self, doc: Any, current: dict[str, Any] | None) -> dict[str, Any] | None:
        """``name``, ``code`` and the ``powers`` that may use the line."""
        current = current or {}
        d = _Form(self.parent, "Railroad", "Name the railroad and say which powers may use it.")
        name = QLineEdit(str(current.get("name", "")))
        name.setPlaceholderText("Trans-Siberian Railroad")
        code = QLineEdit(str(current.get("code", "")))
        code.setPlaceholderText("TSR (written in orders: A mos TSR vla)")
        d.form.addRow("Name", name)
        d.form.addRow("Code", code)
        boxes = []
        for p in doc.powers:
            cb = QCheckBox(p.name)
            cb.setChecked(p.name in (current.get("powers") or []))
            boxes.append(cb)
            d.form.addRow("" if boxes[:-1] else "Powers", cb)
        if not d.finish():
            return None
        return {"name": name.text().strip(), "code": code.text().strip(),
                "powers": [cb.text() for cb in boxes if cb.isChecked()]}

    def land_bridge_units(self, chosen: list[str]) -> list[str] | None:
        d = _Form(self.parent, "Land bridge", "Which units may cross?")
        army = QCheckBox("Armies")
        fleet = QCheckBox("Fleets")
        army.setChecked("A" in chosen)
        fleet.setChecked("F" in chosen)
        d.form.addRow("", army)
        d.form.addRow("", fleet)
        if not d.finish():
            return None
        return [u for u, cb in (("A", army), ("F", fleet)) if cb.isChecked()] or None

    def coast_seas(self, doc: Any, pid: str, coasts: list[str], seas: list[str]) -> dict[str, list[str]] | None:
        d = CoastSeasDialog(self.parent, pid, coasts, seas)
        if not d.finish():
            return None
        return d.values()

    def variant_identity(self, vid: str, name: str, builtin: bool) -> tuple[str, str] | None:
        """The id and name to save a variant under (asked on its first save)."""
        why = ("This is a built-in board: it is saved as a new variant of your own, in your user "
               "data folder, under an id of its own. (A built-in id would replace the built-in "
               "board for you; you will be asked first.)"
               if builtin else "Save this board as a variant in your user data folder.")
        d = _Form(self.parent, "Save as a variant", why)
        ident = QLineEdit(vid)
        title = QLineEdit(name)
        d.form.addRow("Id", ident)
        d.form.addRow("Name", title)
        if not d.finish():
            return None
        return ident.text().strip(), title.text().strip()

    def pick_color(self, current: str) -> str | None:
        c = QColorDialog.getColor(QColor(current), self.parent, "Power colour")
        return c.name() if c.isValid() else None
