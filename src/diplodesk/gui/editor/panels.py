"""The editor's side panels: the selected province's properties, powers and setup, the
specials, the adjacency change of the last edit, and the checks.

Each panel shows the document and pushes commands through the editor window; a widget is
refreshed from the document with its signals blocked, so showing a value never edits it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document import map_commands as mc
from ...document.map_checks import ERROR, Problem
from ...document.map_document import KINDS, MapChange
from .items.style import ADDED_LINE, ARMY_LINE, FLEET_LINE, REMOVED_LINE, describe_special


def _set_text(edit: QLineEdit, text: str) -> None:
    if edit.text() != text:
        with QSignalBlocker(edit):
            edit.setText(text)
            edit.setCursorPosition(0)


def _button(text: str, slot: Callable[[], Any], tip: str = "") -> QPushButton:
    b = QPushButton(text)
    b.setAutoDefault(False)
    if tip:
        b.setToolTip(tip)
    b.clicked.connect(slot)
    return b


def _words(text: str) -> list[str]:
    return [w for w in text.replace(",", " ").split() if w]


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
        coast_buttons.addWidget(_button("Coasts…", self._edit_coasts,
                                        "Give it separate coasts, each facing its seas"))
        coast_buttons.addWidget(_button("One coast", self._no_coasts, "No separate coasts"))
        self.aliases = QLineEdit()
        self.aliases.setPlaceholderText("other names, separated by spaces")
        self.aliases.editingFinished.connect(lambda: self._set(aliases=tuple(_words(self.aliases.text()))))
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
        self.promote = _button("Make it a province…", editor.promote_selected_decoration)
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
                _set_text(w, "")
            self.coasts.setText("")
            self.info.setText("")
            return
        self.form_box.setEnabled(True)
        r = doc.province(self.pid)
        self.title.setText(f"{r.name} ({r.id})")
        _set_text(self.id, r.id)
        _set_text(self.name, r.name)
        _set_text(self.aliases, " ".join(r.aliases))
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


# -- powers and setup --------------------------------------------------------------------------


class SetupPanel(QScrollArea):
    """The variant's name, its powers (name, adjective, colour), the start (units, choice
    units, centres), victory and calendar."""

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        self.doc = editor.doc
        self.setWidgetResizable(True)
        body = QWidget()
        self.setWidget(body)
        lay = QVBoxLayout(body)

        # the variant
        box = QGroupBox("Variant")
        form = QFormLayout(box)
        self.vid = QLineEdit()
        self.vid.editingFinished.connect(lambda: self._info(id=self.vid.text().strip()))
        self.vname = QLineEdit()
        self.vname.editingFinished.connect(lambda: self._info(name=self.vname.text().strip()))
        form.addRow("Id", self.vid)
        form.addRow("Name", self.vname)
        lay.addWidget(box)

        # powers
        box = QGroupBox("Powers")
        v = QVBoxLayout(box)
        self.powers = QTableWidget(0, 3)
        self.powers.setHorizontalHeaderLabels(["Name", "Adjective", "Colour"])
        self.powers.verticalHeader().hide()
        self.powers.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.powers.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # edits are pushed after the table is done with the item (a refresh replaces it)
        self.powers.itemChanged.connect(lambda item: self._later(self._power_edited, item.row(), item.column(),
                                                                 item.text()))
        self.powers.cellDoubleClicked.connect(lambda row, col: self._colour(row) if col == 2 else None)
        v.addWidget(self.powers)
        row = QHBoxLayout()
        row.addWidget(_button("Add", self._add_power))
        row.addWidget(_button("Colour…", lambda: self._colour(self.powers.currentRow())))
        row.addWidget(_button("Remove", self._remove_power))
        v.addLayout(row)
        lay.addWidget(box)

        # start units
        box = QGroupBox("Start units")
        v = QVBoxLayout(box)
        self.units = QTableWidget(0, 3)
        self.units.setHorizontalHeaderLabels(["Power", "Unit", "At"])
        self.units.verticalHeader().hide()
        self.units.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.units.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.units.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        v.addWidget(self.units)
        row = QHBoxLayout()
        self.unit_power = QComboBox()
        self.unit_type = QComboBox()
        for label, t in (("Army", "A"), ("Fleet", "F"), ("Choice", None)):
            self.unit_type.addItem(label, t)
        self.unit_type.setToolTip("A choice unit's owner picks army or fleet when the game starts")
        self.unit_at = QLineEdit()
        self.unit_at.setPlaceholderText("at, e.g. stp/sc")
        self.unit_at.returnPressed.connect(self._add_unit)
        row.addWidget(self.unit_power)
        row.addWidget(self.unit_type)
        row.addWidget(self.unit_at, 1)
        v.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(_button("Add unit", self._add_unit))
        row.addWidget(_button("Remove selected", self._remove_units))
        v.addLayout(row)
        lay.addWidget(box)

        # start centres
        box = QGroupBox("Start centres")
        v = QVBoxLayout(box)
        hint = QLabel("Each power owns its home centres; list any others it owns at the start.")
        hint.setWordWrap(True)
        v.addWidget(hint)
        self.centers = QTableWidget(0, 3)
        self.centers.setHorizontalHeaderLabels(["Power", "Home centres", "Also owns"])
        self.centers.verticalHeader().hide()
        self.centers.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.centers.itemChanged.connect(lambda item: self._later(self._centers_edited, item.row(), item.column(),
                                                                  item.text()))
        v.addWidget(self.centers)
        lay.addWidget(box)

        # victory and calendar
        box = QGroupBox("Victory and calendar")
        form = QFormLayout(box)
        self.victory = QSpinBox()
        self.victory.setRange(1, 999)
        self.victory.editingFinished.connect(self._victory)
        self.year = QSpinBox()
        self.year.setRange(-9999, 99999)
        self.year.editingFinished.connect(lambda: self._calendar(start_year=self.year.value()))
        self.step = QSpinBox()
        self.step.setRange(1, 100)
        self.step.editingFinished.connect(lambda: self._calendar(year_step=self.step.value()))
        self.seasons = QLineEdit()
        self.seasons.setToolTip("The seasons of a year, in order (e.g. S F, or S U F W)")
        self.seasons.editingFinished.connect(lambda: self._calendar(seasons=tuple(_words(self.seasons.text()))))
        self.builds = QLineEdit()
        self.builds.setToolTip("The seasons after which there are builds (e.g. F)")
        self.builds.editingFinished.connect(self._builds)
        self.phase = QLineEdit()
        self.phase.setToolTip("The first phase, e.g. S1901M")
        self.phase.editingFinished.connect(self._phase)
        form.addRow("Victory at (centres)", self.victory)
        form.addRow("First year", self.year)
        form.addRow("Years per turn", self.step)
        form.addRow("Seasons", self.seasons)
        form.addRow("Builds after", self.builds)
        form.addRow("First phase", self.phase)
        lay.addWidget(box)
        lay.addStretch(1)
        editor.link(self.doc.changed, self._changed)
        self.refresh()

    def _changed(self, change: MapChange) -> None:
        self.refresh()

    def refresh(self) -> None:
        doc = self.doc
        _set_text(self.vid, doc.variant_id)
        _set_text(self.vname, doc.variant_name)
        with QSignalBlocker(self.powers):
            self.powers.setRowCount(len(doc.powers))
            for i, p in enumerate(doc.powers):
                for j, text in enumerate((p.name, p.adjective, p.color)):
                    item = QTableWidgetItem(text)
                    if j == 2:
                        item.setBackground(QBrush(QColor(p.color)))
                        item.setForeground(QBrush(QColor("#ffffff" if QColor(p.color).lightnessF() < 0.55
                                                         else "#000000")))
                        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                        item.setToolTip("Double-click to change the colour")
                    self.powers.setItem(i, j, item)
        with QSignalBlocker(self.unit_power):
            was = self.unit_power.currentText()
            self.unit_power.clear()
            for p in doc.powers:
                self.unit_power.addItem(p.name)
            k = self.unit_power.findText(was)
            if k >= 0:
                self.unit_power.setCurrentIndex(k)
        self.units.setRowCount(len(doc.start_units))
        for i, u in enumerate(doc.start_units):
            for j, text in enumerate((u.power, u.type or "choice", u.at)):
                self.units.setItem(i, j, QTableWidgetItem(text))
        homes = doc.start_centers()
        extra = doc.extra_start_centers
        with QSignalBlocker(self.centers):
            self.centers.setRowCount(len(doc.powers))
            for i, p in enumerate(doc.powers):
                own = [c for c in homes.get(p.name, ()) if c not in extra.get(p.name, ())]
                for j, text in enumerate((p.name, " ".join(own), " ".join(extra.get(p.name, ())))):
                    item = QTableWidgetItem(text)
                    if j < 2:
                        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                    self.centers.setItem(i, j, item)
        vic = doc.victory
        cal = doc.calendar
        for spin, value in ((self.victory, int(vic.get("centers", 1))), (self.year, int(cal.get("start_year", 1901))),
                            (self.step, int(cal.get("year_step", 1)))):
            with QSignalBlocker(spin):
                spin.setValue(value)
        _set_text(self.seasons, " ".join(cal.get("seasons", ("S", "F"))))
        ba = cal.get("build_after", "F")
        _set_text(self.builds, ba if isinstance(ba, str) else " ".join(ba))
        _set_text(self.phase, doc.start_phase)

    # -- edits -------------------------------------------------------------------------

    def _push(self, make: Callable[[], Any]) -> None:
        if not self.editor.push(make):
            self.refresh()

    def _info(self, **fields: str) -> None:
        info = self.doc.info()
        if all(info.get(k) == v for k, v in fields.items()):
            return
        self._push(lambda: mc.SetVariantInfoCommand(self.doc, **fields))

    def _later(self, fn: Callable[..., Any], *args: Any) -> None:
        QTimer.singleShot(0, self, lambda: fn(*args))

    def _power_edited(self, row: int, col: int, text: str) -> None:
        if not 0 <= row < len(self.doc.powers):
            return
        p = self.doc.powers[row]
        text = text.strip()
        if col == 0 and text != p.name:
            self._push(lambda: mc.EditPowerCommand(self.doc, p.name, new_name=text))
        elif col == 1 and text != p.adjective:
            self._push(lambda: mc.EditPowerCommand(self.doc, p.name, adjective=text))

    def _add_power(self) -> None:
        taken = {p.name for p in self.doc.powers}
        n = len(taken) + 1
        while f"Power {n}" in taken:
            n += 1
        name = self.editor.prompts.text("Add a power", "Name of the new power:", f"Power {n}")
        if not name:
            return
        palette = ["#c0392b", "#1f4e9c", "#2e86c1", "#7f8c8d", "#27ae60", "#8e44ad", "#f1c40f", "#d35400",
                   "#16a085", "#6d4c41"]
        colour = palette[len(taken) % len(palette)]
        self._push(lambda: mc.AddPowerCommand(self.doc, name.strip(), name.strip(), colour))

    def _colour(self, row: int) -> None:
        if not 0 <= row < len(self.doc.powers):
            self.editor.fail("Select a power first")
            return
        p = self.doc.powers[row]
        colour = self.editor.prompts.pick_color(p.color)
        if colour and colour != p.color:
            self._push(lambda: mc.EditPowerCommand(self.doc, p.name, color=colour))

    def _remove_power(self) -> None:
        row = self.powers.currentRow()
        if not 0 <= row < len(self.doc.powers):
            self.editor.fail("Select a power first")
            return
        name = self.doc.powers[row].name
        self._push(lambda: mc.RemovePowerCommand(self.doc, name))

    def _add_unit(self) -> None:
        power = self.unit_power.currentText()
        at = self.unit_at.text().strip()
        t = self.unit_type.currentData()
        if not power:
            self.editor.fail("Add a power first")
            return
        if self.editor.push(lambda: mc.AddStartUnitCommand(self.doc, power, t, at)):
            self.unit_at.clear()

    def _remove_units(self) -> None:
        rows = sorted({i.row() for i in self.units.selectedIndexes()})
        ats = [self.doc.start_units[r].at for r in rows if r < len(self.doc.start_units)]
        if not ats:
            self.editor.fail("Select the units to remove")
            return
        units = [u for u in self.doc.start_units if u.at not in ats]
        self._push(lambda: mc.SetStartUnitsCommand(self.doc, units))

    def _centers_edited(self, row: int, col: int, text: str) -> None:
        if col != 2 or not 0 <= row < len(self.doc.powers):
            return
        power = self.doc.powers[row].name
        cs = tuple(_words(text))
        if cs != tuple(self.doc.extra_start_centers.get(power, ())):
            self._push(lambda: mc.SetStartCentersCommand(self.doc, power, cs))

    def _victory(self) -> None:
        vic = self.doc.victory
        n = self.victory.value()
        if n != vic.get("centers"):
            self._push(lambda: mc.SetVictoryCommand(self.doc, n, vic.get("by", "power"), int(vic.get("players", 0))))

    def _calendar(self, **fields: Any) -> None:
        cal = self.doc.calendar
        if all(cal.get(k) == v for k, v in fields.items()):
            return
        self._push(lambda: mc.SetCalendarCommand(self.doc, **fields))

    def _builds(self) -> None:
        words = _words(self.builds.text())
        self._calendar(build_after=words[0] if len(words) == 1 else tuple(words))

    def _phase(self) -> None:
        text = self.phase.text().strip()
        if text != self.doc.start_phase:
            self._push(lambda: mc.SetStartPhaseCommand(self.doc, text))


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
        row.addWidget(_button("Edit…", self._edit))
        row.addWidget(_button("Remove", self._remove))
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


# -- adjacency ------------------------------------------------------------------------------


class AdjacencyPanel(QWidget):
    """What the last edit did to adjacency (pairs added and removed, for armies and fleets),
    and switches for drawing adjacency on the map."""

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        self.doc = editor.doc
        lay = QVBoxLayout(self)
        self.show_lines = QCheckBox("Draw adjacency on the map")
        self.show_lines.toggled.connect(editor.set_show_adjacency)
        self.show_diff = QCheckBox("Draw the last change on the map")
        self.show_diff.setChecked(True)
        self.show_diff.toggled.connect(editor.scene.set_show_diff)
        lay.addWidget(self.show_lines)
        legend = QLabel(
            f"<span style='color:{ARMY_LINE.name()}'>━ armies</span> &nbsp; "
            f"<span style='color:{FLEET_LINE.name()}'>━ fleets</span> &nbsp; ┅ pinned &nbsp; "
            f"<span style='color:{ADDED_LINE.name()}'>━ added</span> &nbsp; "
            f"<span style='color:{REMOVED_LINE.name()}'>┅ removed</span>")
        lay.addWidget(legend)
        lay.addWidget(self.show_diff)
        self.title = QLabel("No edit yet")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        lay.addWidget(self.tree, 1)
        editor.link(self.doc.changed, self.show_change)
        self._index = self.doc.undo_stack.index()
        editor.link(self.doc.undo_stack.indexChanged, self._index_changed)

    def _index_changed(self, index: int) -> None:
        stack = self.doc.undo_stack
        if index > self._index:
            self.title.setText(f"Last edit: {stack.undoText()}")
        elif index < self._index:
            self.title.setText(f"Undone: {stack.redoText()}")
        self._index = index

    def show_change(self, change: MapChange) -> None:
        d = change.diff
        self.tree.clear()
        if d.empty:
            QTreeWidgetItem(self.tree, ["no change of adjacency"])
            return
        for label, pairs, colour in (("Armies: added", d.army_added, ADDED_LINE),
                                     ("Armies: removed", d.army_removed, REMOVED_LINE),
                                     ("Fleets: added", d.fleet_added, ADDED_LINE),
                                     ("Fleets: removed", d.fleet_removed, REMOVED_LINE)):
            if not pairs:
                continue
            top = QTreeWidgetItem(self.tree, [f"{label} ({len(pairs)})"])
            top.setForeground(0, QBrush(colour))
            for a, b in pairs:
                QTreeWidgetItem(top, [f"{a} – {b}"])
            top.setExpanded(True)


# -- checks -----------------------------------------------------------------------------------


class ChecksPanel(QWidget):
    """The problems of the map, errors first; clicking one zooms to it."""

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        lay = QVBoxLayout(self)
        self.summary = QLabel("Checking…")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        lay.addWidget(self.list, 1)
        self.problems: list[Problem] = []

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        errors = sum(1 for p in problems if p.level == ERROR)
        warnings = len(problems) - errors
        if errors:
            self.summary.setText(f"<b style='color:#b00020'>Not playable: {errors} error{'s' * (errors != 1)}</b>"
                                 + (f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""))
        elif warnings:
            self.summary.setText(f"<b style='color:#1e7e34'>Playable</b>, {warnings} warning{'s' * (warnings != 1)}")
        else:
            self.summary.setText("<b style='color:#1e7e34'>Playable</b>: no problems found")
        style = self.style()
        err = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical)
        warn = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self.list.clear()
        for p in problems:
            item = QListWidgetItem(err if p.level == ERROR else warn, p.message)
            item.setToolTip(f"{p.code}: {p.message}" + (f"\n{', '.join(p.ids)}" if p.ids else ""))
            self.list.addItem(item)

    def _clicked(self, item: QListWidgetItem) -> None:
        row = self.list.row(item)
        if 0 <= row < len(self.problems):
            self.editor.zoom_to_problem(self.problems[row])
