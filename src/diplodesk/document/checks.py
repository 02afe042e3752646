"""Orders checked as they are typed: readable, whose unit, legal now.

The engine answers every question here (the parser, the movement checker, the retreat
and adjustment options); this module only turns its answers into one line per order for
the orders editor: ``ok``, a ``warning`` (the order reads but the engine will not carry it
out) or an ``error`` (the order cannot be read, or names no unit of the power).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.board import UnitType, province_of
from ..engine.movement import MovementChecker
from ..engine.options import adjustment_options
from ..engine.orders import (
    AnyOrder,
    Build,
    Disband,
    Hold,
    Move,
    OrderParseError,
    Remove,
    Retreat,
    Waive,
    format_order,
    parse_order,
)
from ..engine.orderset import power_words
from ..engine.outcome import Illegal
from ..engine.phase import PhaseType
from ..engine.position import Position
from ..engine.retreats import allowed_retreats

OK, WARNING, ERROR, EMPTY = "ok", "warning", "error", "empty"


@dataclass(frozen=True)
class OrderCheck:
    """What the engine makes of one line of a power's orders."""

    text: str
    level: str  # ok, warning, error or empty
    message: str = ""
    order: AnyOrder | None = None
    column: int | None = None

    @property
    def province(self) -> str | None:
        if self.order is None or isinstance(self.order, Waive):
            return None
        return self.order.province

    @property
    def understood(self) -> str:
        return format_order(self.order) if self.order is not None else ""


def parse(position: Position, text: str) -> AnyOrder:
    """Parse an order text for this position's phase (raises OrderParseError)."""
    return parse_order(text, position.board, position.phase.type, power_words(position))


def _with_choices(position: Position, power: str, texts: list[str] | tuple[str, ...]) -> Position:
    """Choice units (Woolworth) as these orders reveal them, so orders to them (and
    supports of them) are checked against the unit the order makes."""
    if not position.choices or position.phase.type is not PhaseType.MOVEMENT:
        return position
    from dataclasses import replace

    from .choices import tentative

    orders = dict(position.orders)
    orders[power] = tuple(texts)
    return replace(tentative(replace(position, orders=orders)), orders=position.orders)


def check_orders(position: Position, power: str, texts: list[str] | tuple[str, ...]) -> list[OrderCheck]:
    """One check per text, in order; several orders for one unit are flagged on each."""
    position = _with_choices(position, power, texts)
    checks = [check_order(position, power, t, _revealed=True) for t in texts]
    counts = Counter(c.province for c in checks if c.level != ERROR and c.province)
    out = []
    for c in checks:
        if c.province and counts[c.province] > 1 and c.level != ERROR:
            c = OrderCheck(c.text, WARNING, f"several orders for the unit in {c.province}: "
                           "only one may stand", c.order, c.column)
        out.append(c)
    return out


def order_count(position: Position, power: str) -> tuple[int, int, list[OrderCheck]]:
    """(orders given, orders the phase asks of the power, the checks of its orders): its units
    in a movement phase, its dislodged units in a retreat, the difference between its centres
    and units in an adjustment."""
    if position.phase.type is PhaseType.RETREAT:
        need = sum(1 for d in position.dislodged.values() if d.unit.power == power)
    elif position.phase.type is PhaseType.ADJUSTMENT:
        need = abs(len(position.centers_of(power)) - len(position.units_of(power)))
    else:
        need = len(position.units_of(power)) + sum(1 for p, _ in position.choices.values() if p == power)
    checks = check_orders(position, power, position.orders.get(power, ()))
    given = len({c.province or f"#{i}" for i, c in enumerate(checks) if c.level != ERROR})
    return given, need, checks


def check_order(position: Position, power: str, text: str, _revealed: bool = False) -> OrderCheck:
    if not text.strip():
        return OrderCheck(text, EMPTY)
    try:
        order = parse(position, text)
    except OrderParseError as e:
        return OrderCheck(text, ERROR, str(e), None, e.column)
    kind = position.phase.type
    if kind is PhaseType.MOVEMENT:
        if not _revealed and position.choices:
            # this line first: it is the one that says what its choice unit is
            others = [t for t in position.orders.get(power, ()) if t != text]
            position = _with_choices(position, power, [text, *others])
        choice = position.choices.get(getattr(order, "province", "") or "")
        if choice is not None:
            if choice[0] != power:
                return OrderCheck(text, ERROR, f"the unit in {order.province} is {choice[0]}'s", order)
            return OrderCheck(text, WARNING, f"the unit in {order.province} is a choice unit: begin its order "
                              "with A or F (and the coast) to set it up; without, it becomes an army", order)
        return _check_movement(position, power, text, order)
    if kind is PhaseType.RETREAT:
        return _check_retreat(position, power, text, order)
    return _check_adjustment(position, power, text, order)


def _unit_of(units, power: str, text: str, order) -> tuple[object | None, OrderCheck | None]:
    unit = units.get(order.province)
    if unit is None:
        return None, OrderCheck(text, ERROR, f"there is no unit in {order.province}", order)
    if unit.power != power:
        return None, OrderCheck(text, ERROR, f"the unit in {order.province} is {unit.power}'s", order)
    return unit, None


def _check_movement(position: Position, power: str, text: str, order: AnyOrder) -> OrderCheck:
    if isinstance(order, Waive | Build | Remove | Disband | Retreat):
        return OrderCheck(text, WARNING, "not an order for a movement phase", order)
    unit, bad = _unit_of(position.units, power, text, order)
    if bad is not None:
        return bad
    if order.unit is not None and order.unit is not unit.type:
        return OrderCheck(text, WARNING, f"the unit in {unit.province} is {_a(unit.type)}", order)
    try:
        _, norm, _ = MovementChecker(position).check(unit, order)
    except Illegal as e:
        return OrderCheck(text, WARNING, f"{e.reason}: {e.detail}", order)
    return OrderCheck(text, OK, "", norm)


def _check_retreat(position: Position, power: str, text: str, order: AnyOrder) -> OrderCheck:
    units = {p: d.unit for p, d in position.dislodged.items()}
    if isinstance(order, Waive | Build | Remove):
        return OrderCheck(text, WARNING, "not an order for a retreat phase", order)
    unit, bad = _unit_of(units, power, text, order)
    if bad is not None:
        return bad
    if isinstance(order, Disband):
        return OrderCheck(text, OK, "", order)
    if isinstance(order, Move | Retreat):
        allowed = allowed_retreats(position, position.dislodged[unit.province])
        dest = order.dest
        hits = [loc for loc in allowed if loc == dest or province_of(loc) == dest]
        if len(hits) == 1:
            return OrderCheck(text, OK, "", Retreat(unit.type, unit.loc, hits[0]))
        if len(hits) > 1:
            return OrderCheck(text, WARNING, f"say which coast: {' or '.join(hits)}", order)
        where = ", ".join(allowed) if allowed else "nowhere: it can only disband"
        return OrderCheck(text, WARNING, f"cannot retreat to {dest} (it may go to {where})", order)
    return OrderCheck(text, WARNING, "a dislodged unit can only retreat or disband", order)


def _check_adjustment(position: Position, power: str, text: str, order: AnyOrder) -> OrderCheck:
    opts = adjustment_options(position, power)
    if not opts:
        return OrderCheck(text, WARNING, f"{power} has nothing to build or remove", order)
    if isinstance(order, Waive):
        if Waive() in opts:
            return OrderCheck(text, OK, "", order)
        return OrderCheck(text, WARNING, f"{power} must remove units; it cannot waive a build", order)
    if isinstance(order, Build):
        builds = [o for o in opts if isinstance(o, Build) and o.province == order.province]
        if not builds:
            return OrderCheck(text, WARNING, f"cannot build in {order.province} (builds: "
                              f"{', '.join(sorted({o.province for o in opts if isinstance(o, Build)})) or 'none'})",
                              order)
        fits = [o for o in builds if (order.unit is None or o.unit is order.unit)
                and (order.loc == order.province or o.loc == order.loc)]
        if len(fits) == 1:
            return OrderCheck(text, OK, "", fits[0])
        if not fits:
            return OrderCheck(text, WARNING, f"cannot build that in {order.province}", order)
        if len({o.unit for o in fits}) > 1:
            return OrderCheck(text, WARNING, "say army or fleet", order)
        return OrderCheck(text, WARNING, f"say which coast: {' or '.join(o.loc for o in fits)}", order)
    if isinstance(order, Remove | Disband):
        unit, bad = _unit_of(position.units, power, text, order)
        if bad is not None:
            return bad
        if not any(isinstance(o, Remove) for o in opts):
            return OrderCheck(text, WARNING, f"{power} builds this winter; it removes nothing", order)
        return OrderCheck(text, OK, "", Remove(unit.type, unit.loc))
    if isinstance(order, Hold):
        return OrderCheck(text, WARNING, "no holds in an adjustment phase", order)
    return OrderCheck(text, WARNING, "not an order for an adjustment phase", order)


def _a(t: UnitType) -> str:
    return "an army" if t is UnitType.ARMY else "a fleet"
