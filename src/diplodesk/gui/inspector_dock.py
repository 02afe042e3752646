"""The power inspector: the board as one power sees it.

For now that is the whole board with the power's own units and orders emphasised and the
others faded (the renderer's ``RenderOptions(power=...)``); the Blind rule will make it
the real fog-of-war view, a projection of the full result that can only drop facts.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QDockWidget, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ..engine.position import Position
from .layers import LayeredPainter
from .map_view import MapView


class InspectorDock(QDockWidget):
    power_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Power inspector", parent)
        self.setObjectName("inspector-dock")
        w = QWidget()
        box = QVBoxLayout(w)
        box.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        row.addWidget(QLabel("As seen by:"))
        self.power = QComboBox()
        row.addWidget(self.power, 1)
        box.addLayout(row)
        self.view = MapView(self, interactive=False)
        self.view.setMinimumSize(200, 200)
        box.addWidget(self.view, 1)
        self.setWidget(w)
        self.power.currentTextChanged.connect(self._power_changed)
        self._content: tuple[Position | None, Any] = (None, None)

    def set_map(self, layers: LayeredPainter | None, powers: tuple[str, ...]) -> None:
        keep = self.power.currentText()
        self.power.blockSignals(True)
        self.power.clear()
        self.power.addItems(list(powers))
        if keep in powers:
            self.power.setCurrentText(keep)
        self.power.blockSignals(False)
        if layers is not None:
            self.view.set_map(layers)
        self.view.set_options(power=self.power.currentText() or None)

    def set_content(self, position: Position | None, results: Any = None) -> None:
        self.view.set_content(position, results)

    def _power_changed(self, power: str) -> None:
        self.view.set_options(power=power or None)
        self.power_changed.emit(power)
