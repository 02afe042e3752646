"""The status bar: what is under the mouse, the mode, the phase and the zoom, and hints
from order entry."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from ...engine.rules import blind
from .state import WindowState


class WindowStatus(WindowState):
    """Mixed into the main window: its status bar and the province descriptions."""

    def _make_status_bar(self) -> None:
        sb = self.statusBar()
        self.hover_label = QLabel()
        self.phase_label = QLabel()
        self.mode_label = QLabel()
        self.zoom_label = QLabel("100%")
        sb.addWidget(self.hover_label, 1)
        for w in (self.mode_label, self.phase_label, self.zoom_label):
            sb.addPermanentWidget(w)

    def show_hint(self, text: str) -> None:
        self.mode_label.setText(" GM edit " if self.gm_mode else "")
        self.statusBar().showMessage(text)

    def describe_province(self, prov: str | None) -> str:
        """Name, owner and unit of a province (status bar and tooltip)."""
        if prov is None or self.doc is None:
            return ""
        pos, _ = self.display_position()
        info = pos.board.provinces.get(prov)
        if info is None:
            return prov
        parts = [f"{info.name} ({prov})"]
        if self.as_power_active and self.viewed is None and blind.active(self.doc.position):
            full = self.doc.position
            if prov not in blind.sees(full, self.power):
                # the power does not see it: nothing but the board's own facts
                home = f", home of {info.home}" if info.home and info.center else ""
                return " — ".join([parts[0] + (f" (centre{home})" if info.center else ""),
                                   f"not seen by {self.power}"])
        if info.center:
            owner = pos.centers.get(prov)
            home = f", home of {info.home}" if info.home else ""
            parts.append(f"centre of {owner}" if owner else f"neutral centre{home}")
            if owner and info.home and info.home != owner:
                parts[-1] += f" (home of {info.home})"
        u = pos.units.get(prov)
        if u is not None:
            parts.append(f"{u.type.long_name} {u.loc} ({u.power})")
        if prov in pos.choices:
            who = pos.choices[prov][0]
            parts.append(f"choice unit ({who}): army or fleet, set up by its first order")
        if prov in pos.dislodged:
            d = pos.dislodged[prov].unit
            parts.append(f"dislodged {d.type.long_name.lower()} ({d.power})")
        if self.viewed is None and u is not None:
            t = self.doc.order_for(u.power, prov)
            if t:
                parts.append(f"order: {t}")
        return " — ".join(parts)

    def _hovered(self, prov: str | None) -> None:
        self.hover_label.setText(self.describe_province(prov))
