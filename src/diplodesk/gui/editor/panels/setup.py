"""Powers and setup: the variant's name and rules, its powers, the start (units, choice
units, centres), victory and the calendar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....document import map_commands as mc
from ....document.map_document import MapChange
from .widgets import make_button, set_text, split_words

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
        row.addWidget(make_button("Add", self._add_power))
        row.addWidget(make_button("Colour…", lambda: self._colour(self.powers.currentRow())))
        row.addWidget(make_button("Remove", self._remove_power))
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
        row.addWidget(make_button("Add unit", self._add_unit))
        row.addWidget(make_button("Remove selected", self._remove_units))
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
        self.seasons.editingFinished.connect(lambda: self._calendar(seasons=tuple(split_words(self.seasons.text()))))
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
        set_text(self.vid, doc.variant_id)
        set_text(self.vname, doc.variant_name)
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
        set_text(self.seasons, " ".join(cal.get("seasons", ("S", "F"))))
        ba = cal.get("build_after", "F")
        set_text(self.builds, ba if isinstance(ba, str) else " ".join(ba))
        set_text(self.phase, doc.start_phase)

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
        cs = tuple(split_words(text))
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
        words = split_words(self.builds.text())
        self._calendar(build_after=words[0] if len(words) == 1 else tuple(words))

    def _phase(self) -> None:
        text = self.phase.text().strip()
        if text != self.doc.start_phase:
            self._push(lambda: mc.SetStartPhaseCommand(self.doc, text))
