"""Military orders by clicking, as on the standard board: click a unit's glyph in a stack, then
the province it goes to; the order is written on its nation's sheet in the rules' notation
(``1D Gaso at Nava``). Clicking the unit again holds it; Escape lets it go. With a unit picked,
S makes a support (click the unit supported, then where it attacks, or its own province for
a hold) and D a task force's double move (click the first province, then the second). A right
click on a unit offers every order it may be given (:func:`legal_orders`). A click that cannot
become an order says why in the status bar."""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class MenuEntry:
    """One line of a unit's right-click menu: a label and the order it writes, or a submenu."""

    label: str
    text: str = ""
    children: tuple[MenuEntry, ...] = field(default_factory=tuple)


class ClickOrders:
    """The unit being ordered, and what the next click on the map means."""

    def __init__(self, doc: HyperGameDocument):
        self.doc = doc
        self.unit: HUnit | None = None
        self.mode = ""  # "", "support" (then "support-target"), "double" (then "double-second")
        self.backed: HUnit | None = None
        self.first: str | None = None

    def reset(self) -> None:
        self.unit = None
        self.mode = ""
        self.backed = None
        self.first = None

    @property
    def selected_key(self) -> str | None:
        return f"{self.unit.power}:{self.unit.ref}" if self.unit is not None else None

    def _find(self, placed: Placed) -> HUnit | None:
        return next((u for u in self.doc.position.units if u.power == placed.owner and u.ref == placed.ref), None)

    def _unit_in(self, prov: str) -> HUnit | None:
        here = sorted((u for u in self.doc.position.units if u.province == prov), key=lambda u: (u.power, u.ref))
        return here[0] if len(here) == 1 else None

    def _reach(self, unit: HUnit) -> frozenset[str]:
        words = self.doc.words()
        return frozenset() if unit.type == "N" else frozenset(words.names.location(w) or w for w in words.reachable(unit))

    def click(self, prov: str | None, placed: Placed | None) -> Click:
        """A left click on ``prov``; ``placed`` is the glyph under the mouse, if any."""
        words = self.doc.words()
        clicked = self._find(placed) if placed is not None else None
        if self.mode.startswith("support"):
            return self._support_click(prov, clicked)
        if self.mode.startswith("double"):
            return self._double_click(prov)
        if self.unit is None:
            unit = clicked or (self._unit_in(prov) if prov else None)
            if unit is None:
                if prov is None:
                    return Click("")
                many = sum(1 for u in self.doc.position.units if u.province == prov)
                place = self.doc.shown_names().province(prov)
                return Click(f"{place}: {'click one of its units' if many else 'no unit here to order'}")
            self.unit = unit
            return Click(f"{unit.ref} of {self.doc.name_of(unit.power)} in {unit.at}: click where it goes, click it again to hold, "
                         "S to support" + (", D to double move" if unit.type == "T" else "") + ", Esc to let go",
                         targets=self._reach(unit))
        unit = self.unit
        if clicked is not None and (clicked.power, clicked.ref) == (unit.power, unit.ref):
            return self._order(unit, "ho")
        if prov is None:
            self.reset()
            return Click("let go")
        if prov == unit.province:
            return self._order(unit, "ho")
        if unit.type == "N":
            return Click("a National Guard never moves or attacks (III.1): click it again to hold")
        if not words.parser.reaches(unit, unit.at, prov):
            return Click(f"{unit.ref} cannot reach {prov} from {unit.at}")
        return self._order(unit, self._verb(unit, prov), prov)

    # -- support (S) and double move (D) ----------------------------------------------------

    def key(self, key: str) -> Click | None:
        """S or D with a unit picked: a support or a double move follows; None: not for us."""
        unit = self.unit
        if unit is None:
            return None
        if key == "S":
            self.mode, self.backed = "support", None
            friends = {u.province for u in self.doc.position.units if (u.power, u.ref) != (unit.power, unit.ref)}
            return Click(f"{unit.ref} of {self.doc.name_of(unit.power)} supports: click the unit it supports", targets=frozenset(friends))
        if key == "D":
            if unit.type != "T":
                return Click("only a task force may double move (III.28)")
            self.mode, self.first = "double", None
            return Click(f"{unit.ref} of {self.doc.name_of(unit.power)} double moves: click the first province", targets=self._reach(unit))
        return None

    def _support_click(self, prov: str | None, clicked: HUnit | None) -> Click:
        unit = self.unit
        assert unit is not None
        if self.mode == "support":
            backed = clicked or (self._unit_in(prov) if prov else None)
            if backed is None:
                return Click(f"{prov or 'there'}: click the unit {unit.ref} supports (one glyph of a stack)")
            if (backed.power, backed.ref) == (unit.power, unit.ref):
                return Click(f"{unit.ref} cannot support itself: click another unit")
            self.backed, self.mode = backed, "support-target"
            aims = self._reach(unit) & (self._reach(backed) | {backed.province})
            return Click(f"{unit.ref} supports {backed.ref}: click where {backed.ref} attacks, or its own "
                         f"province for a hold", targets=aims | {backed.province})
        backed = self.backed
        assert backed is not None
        if prov is None:
            self.reset()
            return Click("let go")
        if prov == backed.province or (clicked is not None and (clicked.power, clicked.ref) == (backed.power, backed.ref)):
            return self._order(unit, "sp", None, f"{self._named(backed)} ho")
        if not self.doc.words().parser.reaches(unit, unit.at, prov):
            return Click(f"{unit.ref} cannot reach {prov} to support an attack there (III.35)")
        return self._order(unit, "sp", None, f"{self._named(backed)} at {self.doc.words().shown(prov)}")

    def _double_click(self, prov: str | None) -> Click:
        unit = self.unit
        assert unit is not None
        words = self.doc.words()
        if prov is None:
            self.reset()
            return Click("let go")
        if self.mode == "double":
            if not words.parser.reaches(unit, unit.at, prov):
                return Click(f"{unit.ref} cannot reach {prov} from {unit.at}")
            self.first, self.mode = prov, "double-second"
            onward = frozenset(p for p in self.doc.position.board.provinces if p != prov
                               and words.parser.reaches(unit, prov, p))
            return Click(f"{unit.ref} double moves by {prov}: click the second province", targets=onward)
        first = self.first
        assert first is not None
        if not words.parser.reaches(unit, first, prov):
            return Click(f"{unit.ref} cannot reach {prov} from {first}")
        return self._order(unit, "dm", first, second=prov)

    def _named(self, backed: HUnit, by: HUnit | None = None) -> str:
        """A supported unit as the support of ``by`` (the unit picked) names it: an ally's
        with its nation first."""
        by = by or self.unit
        if by is not None and backed.power != by.power:
            n = self.doc.position.pack.nations.get(backed.power)
            return f"{n.abbr if n else backed.power} {backed.ref}"
        return backed.ref

    # -- writing the order ------------------------------------------------------------------

    def _verb(self, unit: HUnit, prov: str) -> str:
        """``at`` into another nation's province or where another's units stand, else ``mo``."""
        pos = self.doc.position
        st = pos.provinces.get(prov)
        others = any(u.province == prov and u.power != unit.power for u in pos.units)
        held = st is not None and st.de_facto not in (None, unit.power)
        return "at" if others or held else "mo"

    def text(self, unit: HUnit, verb: str, target: str | None = None, rest: str = "", second: str | None = None) -> str:
        words = self.doc.words()
        place = words.shown(unit.province)
        who = f"N {place}" if unit.type == "N" else f"{unit.ref} {place}"
        text = f"{who} {verb}" + (f" {words.shown(target)}" if target else "")
        if second:
            text += f" {words.shown(second)}"
        return text + (f" {rest}" if rest else "")

    def _order(self, unit: HUnit, verb: str, target: str | None = None, rest: str = "",
               second: str | None = None) -> Click:
        text = self.text(unit, verb, target, rest, second)
        orders = self.doc.orders_with(unit.power, unit.ref, text)
        self.reset()
        return Click(f"{self.doc.name_of(unit.power)}: {text}", unit.power, orders)

    def write(self, unit: HUnit, text: str) -> Click:
        """A menu's order for ``unit``, in place of the one it had."""
        orders = self.doc.orders_with(unit.power, unit.ref, text)
        self.reset()
        return Click(f"{self.doc.name_of(unit.power)}: {text}", unit.power, orders)


def legal_orders(clicks: ClickOrders, unit: HUnit) -> list[MenuEntry]:
    """Every order ``unit`` may be given, for its right-click menu: hold, stand, a move or an
    attack into each province it reaches, a support of each unit near it (a hold, or an
    attack it could back), a task force's double moves, and demobilising it (de)."""
    words = clicks.doc.words()
    pos = clicks.doc.position
    t = clicks.text
    out = [MenuEntry("Hold (ho)", t(unit, "ho")), MenuEntry("Stand (st)", t(unit, "st"))]
    if unit.type != "N":
        reach = sorted(clicks._reach(unit))
        moves = [MenuEntry(f"{words.shown(p)} ({clicks._verb(unit, p)})", t(unit, clicks._verb(unit, p), p))
                 for p in reach]
        if moves:
            out.append(MenuEntry("Move or attack", children=tuple(moves)))
    near = set(clicks._reach(unit)) | {unit.province}
    supports = []
    for other in sorted(pos.units, key=lambda u: (u.power != unit.power, u.power, u.ref)):
        if (other.power, other.ref) == (unit.power, unit.ref):
            continue
        aims = sorted((clicks._reach(other) & clicks._reach(unit)) - {other.province})
        if other.province not in near and not aims:
            continue
        name = clicks._named(other, unit)  # the unit being ordered by clicks is left as it is
        lines = [MenuEntry(f"{name} holds", t(unit, "sp", None, f"{name} ho"))] if other.province in near else []
        lines += [MenuEntry(f"{name} attacks {words.shown(p)}", t(unit, "sp", None, f"{name} at {words.shown(p)}"))
                  for p in aims]
        supports.append(MenuEntry(f"{name} in {words.shown(other.province)}", children=tuple(lines)))
    if supports:
        out.append(MenuEntry("Support", children=tuple(supports)))
    if unit.type == "T":
        doubles = []
        for first in sorted(clicks._reach(unit)):
            onward = sorted(p for p in pos.board.provinces if p not in (first,) and words.parser.reaches(unit, first, p))
            if onward:
                doubles.append(MenuEntry(f"by {words.shown(first)}", children=tuple(
                    MenuEntry(f"to {words.shown(p)}", t(unit, "dm", first, second=p)) for p in onward)))
        if doubles:
            out.append(MenuEntry("Double move (dm)", children=tuple(doubles)))
    out.append(MenuEntry(f"Demobilise (de {unit.ref})", f"de {unit.ref}"))
    return out


def scene_point(view, global_pos) -> QPointF:
    """The map point under a click the view reported at ``global_pos``."""
    return view.mapToScene(view.viewport().mapFromGlobal(global_pos))
