"""Building an order by clicks and keys, with the engine saying what may come next.

:class:`OrderEntry` is the gesture behind order entry on the map, without any Qt: the map
view sends it the province clicked (and keys pressed), and it answers with a
:class:`Step` (an order made, a choice to put to the GM, a new state to draw, or a click
that meant nothing). Which places light up at each step comes from the engine's own
lists of legal orders (:mod:`diplodesk.engine.options`), so the map can never offer an
order the adjudicator would call illegal.

Movement: click a unit of the power (it is selected, ready to move); click a lit
neighbour to move there, the unit itself to hold; keys H hold, M move, S support,
C convoy, V move via convoy, R by railroad (Colonial). A support or convoy is built by
clicking the other unit and then where it goes (its own province again: support to hold).
Retreats: click a dislodged unit, then where it goes, or the unit again (or D) to disband.
Adjustments: click an owned empty home centre to build, a unit to remove; W waives a build.

Choice units (Woolworth): a click on one not yet set up asks how to set it up (the
engine's set-ups: army, fleet, which coast); from then on it is ordered as that unit, so
its order says its type and the engine reveals it so. One whose order already says its
type is that unit here too (see :mod:`.choices`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..engine.board import UnitType, province_of
from ..engine.options import adjustment_options, movement_options, retreat_options
from ..engine.orders import (
    AnyOrder,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    RailMove,
    Retreat,
    Support,
    Waive,
    format_order,
)
from ..engine.phase import PhaseType
from ..engine.position import Position
from . import choices as choice_units
from .refusals import why_no_move


class Mode(StrEnum):
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"
    VIA = "via"
    RAIL = "railroad"


@dataclass(frozen=True)
class Choice:
    label: str
    order: AnyOrder


@dataclass(frozen=True)
class Step:
    """What a click or key did.

    ``kind``: ``order`` (``order`` is made for the unit in ``province``; None for a waive),
    ``clear`` (the order of the unit in ``province`` goes), ``choose`` (ask the GM to pick
    one of ``choices``), ``setup`` (ask how to set up the choice unit in ``province``: one
    of ``setups``, then :meth:`OrderEntry.set_up`), ``state`` (the selection changed:
    redraw), ``ignored`` (nothing happened; ``message`` says why).
    """

    kind: str
    order: AnyOrder | None = None
    province: str | None = None
    choices: tuple[Choice, ...] = ()
    message: str = ""
    setups: tuple[tuple[str, str], ...] = ()  # (label, set-up) of a choice unit


@dataclass
class MenuItem:
    """A context-menu entry: an order to give, or a submenu."""

    label: str
    order: AnyOrder | None = None
    children: list[MenuItem] = field(default_factory=list)
    clear: str | None = None  # the province whose order "Clear order" removes
    setup: tuple[str, str] | None = None  # (province, set-up) of a choice unit


def coast_label(loc: str) -> str:
    from ..engine.board import COAST_NAMES

    coast = loc.partition("/")[2]
    return COAST_NAMES.get(coast, coast) if coast else loc


def _unit_text(u) -> str:
    return f"{u.type.value} {u.loc}"


class OrderEntry:
    """The order being built for one power in one position."""

    def __init__(self, position: Position, power: str):
        self.base = position
        # choice units whose orders say their type are ordered as those units
        self.position = choice_units.tentative(position)
        self.power = power
        self.phase = position.phase.type
        self.selected: str | None = None
        self.mode = Mode.MOVE
        self.picked: str | None = None
        self._opts: dict[str, list] = {}
        self._via: dict[str, list[Move]] = {}
        self._adjust: list | None = None

    # -- what the engine allows --------------------------------------------------------

    def options(self, prov: str) -> list:
        """The engine's legal orders for the unit in ``prov`` (cached)."""
        if prov not in self._opts:
            if self.phase is PhaseType.MOVEMENT:
                self._opts[prov] = movement_options(self.position, prov)
            elif self.phase is PhaseType.RETREAT:
                self._opts[prov] = retreat_options(self.position, prov)
            else:
                self._opts[prov] = []
        return self._opts[prov]

    def adjustments(self) -> list:
        if self._adjust is None:
            self._adjust = adjustment_options(self.position, self.power)
        return self._adjust

    def via_moves(self, prov: str) -> list[Move]:
        """Moves by convoy the army in ``prov`` could make with the fleets now at sea: the
        engine's "via convoy" moves to neighbours, and its moves beyond them (by sea)."""
        if prov not in self._via:
            board = self.position.board
            unit = self.position.units[prov]
            out: list[Move] = []
            for o in self.options(prov):
                if isinstance(o, Move) and (o.via_convoy or (
                        unit.type is UnitType.ARMY and province_of(o.dest) not in board.army_adj.get(prov, ()))):
                    out.append(Move(unit.type, unit.loc, o.dest, True))
            self._via[prov] = out
        return self._via[prov]

    def rail_moves(self, prov: str) -> list[RailMove]:
        return [o for o in self.options(prov) if isinstance(o, RailMove)]

    # -- choice units ------------------------------------------------------------------

    def is_choice(self, prov: str | None) -> bool:
        """An unset choice unit of this power (movement phases only)."""
        return (self.phase is PhaseType.MOVEMENT and prov in self.position.choices
                and self.position.choices[prov][0] == self.power)

    def can_set_up(self, prov: str | None) -> bool:
        """A choice unit of this power: unset, or set (by the GM here or by its order)."""
        return (self.phase is PhaseType.MOVEMENT and prov in self.base.choices
                and self.base.choices[prov][0] == self.power)

    def setups(self, prov: str) -> list[tuple[str, str]]:
        return [(choice_units.setup_label(t), t) for t in choice_units.setups(self.base, prov)]

    def set_up(self, prov: str, setup: str) -> Step:
        """Order the choice unit in ``prov`` as ``setup`` (``F stp/sc``) from now on."""
        self.apply_setups({prov: setup}, unset_only=False)
        self.select(prov)
        return Step("state")

    def apply_setups(self, chosen: dict[str, str], unset_only: bool = True) -> None:
        """Take the GM's set-ups of choice units (those the orders have not set already,
        with ``unset_only``)."""
        from dataclasses import replace

        chosen = {p: s for p, s in chosen.items()
                  if self.can_set_up(p) and (p in self.position.choices or not unset_only)}
        if not chosen:
            return
        units = dict(self.position.units)
        for prov, setup in chosen.items():
            units[prov] = choice_units.setup_unit(self.base, prov, setup)
        rest = {p: c for p, c in self.position.choices.items() if p not in chosen}
        self.position = replace(self.position, units=units, choices=rest)
        self._opts.clear()
        self._via.clear()

    def _of(self, prov: str, kind) -> list:
        """The legal orders of one kind; plain moves leave out the "via convoy" ones (V)."""
        return [o for o in self.options(prov) if isinstance(o, kind) and not getattr(o, "via_convoy", False)]

    # -- state -------------------------------------------------------------------------

    def selectable(self) -> set[str]:
        """Provinces a click may start an order from."""
        p = self.position
        if self.phase is PhaseType.MOVEMENT:
            return ({prov for prov, u in p.units.items() if u.power == self.power}
                    | {prov for prov, (power, _) in p.choices.items() if power == self.power})
        if self.phase is PhaseType.RETREAT:
            return {prov for prov, d in p.dislodged.items() if d.unit.power == self.power}
        return {o.province for o in self.adjustments() if not isinstance(o, Waive)}

    def targets(self) -> set[str]:
        """Provinces a click may finish (or continue) the order being built in."""
        s = self.selected
        if s is None:
            return set()
        if self.phase is PhaseType.RETREAT:
            return {province_of(o.dest) for o in self._of(s, Retreat)}
        if self.mode is Mode.MOVE:
            return {province_of(o.dest) for o in self._of(s, Move)}
        if self.mode is Mode.VIA:
            return {o.dest for o in self.via_moves(s)}
        if self.mode is Mode.RAIL:
            return {province_of(o.dest) for o in self.rail_moves(s)}
        if self.mode is Mode.SUPPORT:
            if self.picked is None:
                return {province_of(o.target) for o in self._of(s, Support)}
            return {o.dest or province_of(o.target) for o in self._supports_for(self.picked)}
        if self.picked is None:
            return {province_of(o.target) for o in self._of(s, Convoy)}
        return {o.dest for o in self._of(s, Convoy) if province_of(o.target) == self.picked}

    def _supports_for(self, target: str) -> list[Support]:
        return [o for o in self._of(self.selected, Support) if province_of(o.target) == target]

    def hint(self) -> str:
        """A line for the status bar: what the next click does."""
        p = self.position
        if self.phase is PhaseType.ADJUSTMENT:
            opts = self.adjustments()
            if any(isinstance(o, Build) for o in opts):
                return f"{self.power}: click a home centre to build; W to waive a build"
            if opts:
                return f"{self.power}: click a unit to remove it"
            return f"{self.power} has nothing to build or remove"
        if self.selected is None:
            if not self.selectable():
                return f"{self.power} has nothing to order this phase"
            if any(power == self.power for power, _ in p.choices.values()):
                return (f"{self.power}: click a unit to order it; a \u201c?\u201d unit is a choice unit: "
                        "a click sets it up as an army or a fleet")
            what = "dislodged unit" if self.phase is PhaseType.RETREAT else "unit"
            return f"{self.power}: click a {what} to order it"
        if self.phase is PhaseType.RETREAT:
            u = p.dislodged[self.selected].unit
            return f"{_unit_text(u)}: click where it retreats, or the unit again (D) to disband"
        u = p.units[self.selected]
        base = _unit_text(u)
        if self.mode is Mode.MOVE:
            rail = "  R railroad" if self.rail_moves(self.selected) else ""
            return (f"{base}: click where it moves, or itself to hold.  H hold  S support  C convoy  "
                    f"V via convoy{rail}  Esc cancel")
        if self.mode is Mode.VIA:
            return f"{base} via convoy: click where it goes.  M move  Esc cancel"
        if self.mode is Mode.RAIL:
            return f"{base} by railroad: click where it goes along the line.  M move  Esc cancel"
        if self.mode is Mode.SUPPORT:
            if self.picked is None:
                return f"{base} supports: click the unit it supports.  M move  Esc cancel"
            return f"{base} supports {_unit_text(p.units[self.picked])}: click where it goes, or the unit itself to hold"
        if self.picked is None:
            return f"{base} convoys: click the army it carries.  M move  Esc cancel"
        return f"{base} convoys {_unit_text(p.units[self.picked])}: click where the army lands"

    def select(self, prov: str | None) -> None:
        self.selected = prov
        self.mode = Mode.MOVE
        self.picked = None

    def cancel(self) -> Step:
        if self.picked is not None:
            self.picked = None
            return Step("state")
        if self.selected is None:
            return Step("ignored")
        self.select(None)
        return Step("state")

    # -- gestures ----------------------------------------------------------------------

    def click(self, prov: str | None) -> Step:
        """The GM clicked province ``prov`` (None: off the map)."""
        if prov is None:
            return self.cancel() if self.selected else Step("ignored", message="off the map")
        if self.phase is PhaseType.ADJUSTMENT:
            return self._click_adjustment(prov)
        if self.selected is None:
            if self.is_choice(prov):
                return self._ask_setup(prov)
            if prov in self.selectable():
                self.select(prov)
                return Step("state")
            return Step("ignored", message=self._not_yours(prov))
        if self.phase is PhaseType.RETREAT:
            return self._click_retreat(prov)
        return self._click_movement(prov)

    def _ask_setup(self, prov: str) -> Step:
        opts = self.setups(prov)
        if len(opts) == 1:
            return self.set_up(prov, opts[0][1])
        name = self.position.board.provinces[prov].name
        return Step("setup", province=prov, setups=tuple(opts),
                    message=f"set up the choice unit in {name} as")

    def _not_yours(self, prov: str) -> str:
        p = self.position
        if prov in p.choices:
            return f"the choice unit in {prov} is {p.choices[prov][0]}'s (switch power to order it)"
        units = p.dislodged if self.phase is PhaseType.RETREAT else p.units
        u = units.get(prov)
        if u is None:
            return f"no unit of {self.power} to order in {prov}"
        owner = u.unit.power if self.phase is PhaseType.RETREAT else u.power
        return f"the unit in {prov} is {owner}'s (switch power to order it)"

    def _finish(self, orders: list, prov: str, what: str) -> Step:
        unit_prov = self.selected
        if not orders:
            return Step("ignored", message=f"not a legal {what}")
        if len(orders) == 1:
            self.select(None)
            return Step("order", orders[0], unit_prov)
        return Step("choose", province=unit_prov,
                    choices=tuple(Choice(coast_label(_dest(o)), o) for o in orders),
                    message=f"which coast of {prov}?")

    def _click_movement(self, prov: str) -> Step:
        s = self.selected
        own = prov in self.selectable()
        if self.mode is Mode.MOVE:
            if prov == s:
                unit = self.position.units[s]
                self.select(None)
                return Step("order", Hold(unit.type, unit.loc), s)
            moves = [o for o in self._of(s, Move) if province_of(o.dest) == prov]
            if moves:
                return self._finish(moves, prov, "move")
        elif self.mode is Mode.VIA:
            moves = [o for o in self.via_moves(s) if o.dest == prov]
            if moves:
                return self._finish(moves, prov, "move")
        elif self.mode is Mode.RAIL:
            moves = [o for o in self.rail_moves(s) if province_of(o.dest) == prov]
            if moves:
                return self._finish(moves, prov, "railroad move")
        elif self.mode is Mode.SUPPORT:
            if self.picked is not None:
                found = [o for o in self._supports_for(self.picked) if (o.dest or province_of(o.target)) == prov]
                if found:
                    return self._finish(found[:1], prov, "support")
            if any(province_of(o.target) == prov for o in self._of(s, Support)):
                self.picked = prov
                return Step("state")
        else:  # convoy
            if self.picked is not None:
                found = [o for o in self._of(s, Convoy) if province_of(o.target) == self.picked and o.dest == prov]
                if found:
                    return self._finish(found[:1], prov, "convoy")
            if any(province_of(o.target) == prov for o in self._of(s, Convoy)):
                self.picked = prov
                return Step("state")
        if own and prov != s:
            if self.is_choice(prov):
                self.select(None)
                return self._ask_setup(prov)
            self.select(prov)
            return Step("state")
        if self.mode is Mode.MOVE:
            return Step("ignored", message=why_no_move(self.position, s, prov))
        return Step("ignored", message=f"{prov}: not a legal {self.mode.value} for the unit in {s}")

    def _click_retreat(self, prov: str) -> Step:
        s = self.selected
        if prov == s:
            d = self.position.dislodged[s].unit
            self.select(None)
            return Step("order", Disband(d.type, d.loc), s)
        found = [o for o in self._of(s, Retreat) if province_of(o.dest) == prov]
        if found:
            return self._finish(found, prov, "retreat")
        if prov in self.selectable():
            self.select(prov)
            return Step("state")
        return Step("ignored", message=why_no_move(self.position, s, prov, "retreat"))

    def _click_adjustment(self, prov: str) -> Step:
        opts = [o for o in self.adjustments() if not isinstance(o, Waive) and o.province == prov]
        if not opts:
            u = self.position.units.get(prov)
            if u is not None and u.power == self.power:
                return Step("ignored", message=f"{self.power} has no unit to remove this winter")
            return Step("ignored", message=f"{self.power} cannot build or remove in {prov}")
        if len(opts) == 1:
            return Step("order", opts[0], prov)
        return Step("choose", province=prov, choices=tuple(Choice(_build_label(o), o) for o in opts),
                    message=f"build what in {prov}?")

    def key(self, key: str) -> Step:
        """A key: H, M, S, C, V, D, W, Escape or Delete."""
        key = key.upper() if len(key) == 1 else key
        if key == "Escape":
            return self.cancel()
        if self.phase is PhaseType.ADJUSTMENT:
            if key == "W":
                if Waive() in self.adjustments():
                    return Step("order", Waive(), None)
                return Step("ignored", message=f"{self.power} has no build to waive")
            return Step("ignored")
        s = self.selected
        if s is None:
            return Step("ignored", message="select a unit first")
        if key == "Delete":
            self.select(None)
            return Step("clear", province=s)
        if self.phase is PhaseType.RETREAT:
            if key == "D":
                d = self.position.dislodged[s].unit
                self.select(None)
                return Step("order", Disband(d.type, d.loc), s)
            return Step("ignored", message="in a retreat phase: click a destination, or D to disband")
        if s not in self.position.units:
            return Step("ignored", message="set the choice unit up first")
        unit = self.position.units[s]
        if key == "H":
            self.select(None)
            return Step("order", Hold(unit.type, unit.loc), s)
        wanted = {"M": Mode.MOVE, "S": Mode.SUPPORT, "C": Mode.CONVOY, "V": Mode.VIA, "R": Mode.RAIL}.get(key)
        if wanted is None:
            return Step("ignored")
        if wanted is Mode.SUPPORT and not self._of(s, Support):
            return Step("ignored", message=f"the unit in {s} can support nobody")
        if wanted is Mode.CONVOY and not self._of(s, Convoy):
            return Step("ignored", message=f"the unit in {s} can convoy nobody")
        if wanted is Mode.VIA and not self.via_moves(s):
            return Step("ignored", message=f"the unit in {s} cannot move by convoy now")
        if wanted is Mode.RAIL and not self.rail_moves(s):
            return Step("ignored", message=f"the unit in {s} cannot move by railroad now")
        self.mode = wanted
        self.picked = None
        return Step("state")

    # -- context menu ------------------------------------------------------------------

    def menu(self, prov: str) -> list[MenuItem]:
        """Every legal order that starts at ``prov``, grouped for a context menu."""
        p = self.position
        if self.phase is PhaseType.ADJUSTMENT:
            items = [MenuItem("Build " + _build_label(o).lower() if isinstance(o, Build) else "Remove", o)
                     for o in self.adjustments() if not isinstance(o, Waive) and o.province == prov]
            if Waive() in self.adjustments():
                items.append(MenuItem("Waive a build", Waive()))
            return items
        if prov not in self.selectable():
            return []
        setup_items = []
        if self.can_set_up(prov):
            setup_items = [MenuItem("Set up as", children=[
                MenuItem(label, setup=(prov, text)) for label, text in self.setups(prov)])]
        if self.is_choice(prov):
            return setup_items
        opts = self.options(prov)
        if self.phase is PhaseType.RETREAT:
            items = [MenuItem("Disband", o) for o in opts if isinstance(o, Disband)]
            rts = [MenuItem(o.dest, o) for o in opts if isinstance(o, Retreat)]
            if rts:
                items.append(MenuItem("Retreat to", children=rts))
            items.append(MenuItem("Clear order", clear=prov))
            return items
        items = [MenuItem("Hold", o) for o in opts if isinstance(o, Hold)]
        moves = [MenuItem(o.dest, o) for o in opts if isinstance(o, Move)]
        if moves:
            items.append(MenuItem("Move to", children=moves))
        via = [MenuItem(o.dest, o) for o in self.via_moves(prov)]
        if via:
            items.append(MenuItem("Move via convoy to", children=via))
        rail = [MenuItem(o.dest, o) for o in self.rail_moves(prov)]
        if rail:
            items.append(MenuItem("Move by railroad to", children=rail))
        sup: dict[str, list[MenuItem]] = {}
        for o in opts:
            if isinstance(o, Support):
                t = province_of(o.target)
                sup.setdefault(t, []).append(MenuItem("hold" if o.dest is None else f"- {o.dest}", o))
        if sup:
            items.append(MenuItem("Support", children=[
                MenuItem(_unit_text(p.units[t]) + f" ({p.units[t].power})", children=c) for t, c in sorted(sup.items())]))
        con: dict[str, list[MenuItem]] = {}
        for o in opts:
            if isinstance(o, Convoy):
                con.setdefault(province_of(o.target), []).append(MenuItem(f"- {o.dest}", o))
        if con:
            items.append(MenuItem("Convoy", children=[
                MenuItem(_unit_text(p.units[t]) + f" ({p.units[t].power})", children=c) for t, c in sorted(con.items())]))
        items.append(MenuItem("Clear order", clear=prov))
        return setup_items + items


def _dest(o) -> str:
    return getattr(o, "dest", None) or o.loc


def _build_label(o: Build) -> str:
    if o.unit is UnitType.ARMY:
        return "Army"
    if "/" in o.loc:
        return f"Fleet ({coast_label(o.loc)})"
    return "Fleet"


def order_text(order: AnyOrder) -> str:
    return format_order(order)
