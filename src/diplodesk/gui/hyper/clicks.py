"""Military orders by clicking, as in the other games: click a unit's glyph in a stack, then
the province it goes to; the order is written on its nation's sheet in the rules' notation
(``1D Gaso at Nava``). Clicking the unit again holds it; Escape lets it go. A click that
cannot become an order says why in the status bar."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF

from ...document.hyper_game import HyperGameDocument
from ...engine.hyper.model import HUnit
from ...render.layers.stacks import Placed


@dataclass
class Click:
    """What a click did: the order written (giver, text), or a message for the status bar."""

    message: str
    giver: str | None = None
    orders: list[str] | None = None
    targets: frozenset[str] = frozenset()


class ClickOrders:
    """The unit being ordered, and what the next click on the map means."""

    def __init__(self, doc: HyperGameDocument):
        self.doc = doc
        self.unit: HUnit | None = None

    def reset(self) -> None:
        self.unit = None

    @property
    def selected_key(self) -> str | None:
        return f"{self.unit.power}:{self.unit.ref}" if self.unit is not None else None

    def _find(self, placed: Placed) -> HUnit | None:
        return next((u for u in self.doc.position.units if u.power == placed.owner and u.ref == placed.ref), None)

    def _unit_in(self, prov: str) -> HUnit | None:
        here = sorted((u for u in self.doc.position.units if u.province == prov), key=lambda u: (u.power, u.ref))
        return here[0] if len(here) == 1 else None

    def click(self, prov: str | None, placed: Placed | None) -> Click:
        """A left click on ``prov``; ``placed`` is the glyph under the mouse, if any."""
        words = self.doc.words()
        clicked = self._find(placed) if placed is not None else None
        if self.unit is None:
            unit = clicked or (self._unit_in(prov) if prov else None)
            if unit is None:
                if prov is None:
                    return Click("")
                many = sum(1 for u in self.doc.position.units if u.province == prov)
                return Click(f"{prov}: {'click one of its units' if many else 'no unit here to order'}")
            self.unit = unit
            targets = frozenset() if unit.type == "N" else frozenset(
                words.names.location(w) or w for w in words.reachable(unit))
            return Click(f"{unit.ref} of {unit.power} in {unit.at}: click where it goes, click it "
                         "again to hold, Esc to let go", targets=targets)
        unit = self.unit
        if clicked is not None and (clicked.power, clicked.ref) == (unit.power, unit.ref):
            return self._order(unit, "ho")
        if prov is None:
            self.unit = None
            return Click("let go")
        if prov == unit.province:
            return self._order(unit, "ho")
        if unit.type == "N":
            return Click("a National Guard never moves or attacks (III.1): click it again to hold")
        if not words.parser.reaches(unit, unit.at, prov):
            return Click(f"{unit.ref} cannot reach {prov} from {unit.at}")
        return self._order(unit, self._verb(unit, prov), prov)

    def _verb(self, unit: HUnit, prov: str) -> str:
        """``at`` into another nation's province or where another's units stand, else ``mo``."""
        pos = self.doc.position
        st = pos.provinces.get(prov)
        others = any(u.province == prov and u.power != unit.power for u in pos.units)
        held = st is not None and st.de_facto not in (None, unit.power)
        return "at" if others or held else "mo"

    def _order(self, unit: HUnit, verb: str, target: str | None = None) -> Click:
        words = self.doc.words()
        place = words.shown(unit.province)
        who = f"N {place}" if unit.type == "N" else f"{unit.ref} {place}"
        text = f"{who} {verb}" + (f" {words.shown(target)}" if target else "")
        orders = self.doc.orders_with(unit.power, unit.ref, text)
        self.unit = None
        return Click(f"{unit.power}: {text}", unit.power, orders)


def scene_point(view, global_pos) -> QPointF:
    """The map point under a click the view reported at ``global_pos``."""
    return view.mapToScene(view.viewport().mapFromGlobal(global_pos))
