"""The GM's hand edits of a position, as pure functions: each returns a new Position.

Each checks what it is asked with the board (may this unit stand there? is that a supply
centre?) and raises :class:`EditError` with a sentence for people when it can't be done.
Orders given to a unit that is removed or moved go with it.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.board import UnitType, province_of
from ..engine.phase import Phase, PhaseType
from ..engine.position import Position, Unit


class EditError(ValueError):
    """An edit the board does not allow; the message says why."""


def _drop_orders(position: Position, provinces: set[str]) -> dict[str, tuple[str, ...]]:
    """The position's orders without those given to units in ``provinces``."""
    from .checks import parse

    out: dict[str, tuple[str, ...]] = {}
    for power, texts in position.orders.items():
        kept = []
        for t in texts:
            try:
                o = parse(position, t)
            except ValueError:
                kept.append(t)
                continue
            if not o.loc or province_of(o.loc) not in provinces:
                kept.append(t)
        out[power] = tuple(kept)
    return out


def _where(position: Position, utype: UnitType, loc: str) -> str:
    board = position.board
    prov = board.provinces.get(province_of(loc))
    if prov is None:
        raise EditError(f"there is no place {loc!r}")
    if utype is UnitType.FLEET and prov.coasts and "/" not in loc:
        if len(prov.coasts) == 1:
            loc = prov.locations[0]
        else:
            raise EditError(f"say which coast of {prov.name}: {' or '.join(prov.locations)}")
    if utype is UnitType.ARMY:
        loc = province_of(loc)
    if not board.can_stand(utype, loc):
        what = "an army" if utype is UnitType.ARMY else "a fleet"
        raise EditError(f"{what} cannot stand in {prov.name} ({prov.kind.value})")
    return loc


def add_unit(position: Position, power: str, utype: UnitType, loc: str) -> Position:
    if power not in position.variant.power_names:
        raise EditError(f"unknown power {power!r}")
    loc = _where(position, utype, loc)
    prov = province_of(loc)
    if prov in position.choices:
        raise EditError(f"{prov} holds {position.choices[prov][0]}'s choice unit (set it up or remove it first)")
    if prov in position.units:
        raise EditError(f"{prov} already holds {position.units[prov]} ({position.units[prov].power})")
    units = dict(position.units)
    units[prov] = Unit(power, utype, loc)
    return replace(position, units=units)


def remove_unit(position: Position, prov: str) -> Position:
    """Remove the unit in ``prov`` (in a retreat phase, the dislodged one if there is no other)."""
    prov = province_of(prov)
    if prov in position.units:
        units = dict(position.units)
        del units[prov]
        return replace(position, units=units, orders=_drop_orders(position, {prov}))
    if prov in position.choices:
        choices = dict(position.choices)
        del choices[prov]
        return replace(position, choices=choices, orders=_drop_orders(position, {prov}))
    if prov in position.dislodged:
        dislodged = dict(position.dislodged)
        del dislodged[prov]
        return replace(position, dislodged=dislodged, orders=_drop_orders(position, {prov}))
    raise EditError(f"there is no unit in {prov}")


def move_unit(position: Position, prov: str, dest: str) -> Position:
    prov = province_of(prov)
    unit = position.units.get(prov)
    if unit is None:
        raise EditError(f"there is no unit in {prov}")
    loc = _where(position, unit.type, dest)
    dprov = province_of(loc)
    if dprov != prov and dprov in position.choices:
        raise EditError(f"{dprov} holds {position.choices[dprov][0]}'s choice unit")
    if dprov != prov and dprov in position.units:
        raise EditError(f"{dprov} already holds {position.units[dprov]}")
    units = dict(position.units)
    del units[prov]
    units[dprov] = replace(unit, loc=loc)
    return replace(position, units=units, orders=_drop_orders(position, {prov, dprov}))


def change_unit_owner(position: Position, prov: str, power: str) -> Position:
    prov = province_of(prov)
    unit = position.units.get(prov)
    if unit is None:
        raise EditError(f"there is no unit in {prov}")
    if power not in position.variant.power_names:
        raise EditError(f"unknown power {power!r}")
    units = dict(position.units)
    units[prov] = replace(unit, power=power)
    return replace(position, units=units, orders=_drop_orders(position, {prov}))


def set_center_owner(position: Position, center: str, power: str | None) -> Position:
    """Give a supply centre to ``power``, or make it neutral with None."""
    center = province_of(center)
    prov = position.board.provinces.get(center)
    if prov is None or not prov.center:
        raise EditError(f"{center} is not a supply centre")
    if power is not None and power not in position.variant.power_names:
        raise EditError(f"unknown power {power!r}")
    centers = dict(position.centers)
    if power is None:
        centers.pop(center, None)
    else:
        centers[center] = power
    return replace(position, centers=centers)


def set_phase(position: Position, text: str) -> Position:
    """Set the phase (``F1902M``); orders go when the kind of phase changes, and dislodged
    units when it is no longer a retreat phase."""
    try:
        phase = Phase.parse(text)
        position.variant.calendar.check(phase)
    except ValueError as e:
        raise EditError(str(e)) from None
    changes: dict = {"phase": phase}
    if phase.type is not position.phase.type:
        changes["orders"] = {}
    if phase.type is not PhaseType.RETREAT:
        changes["dislodged"] = {}
        changes["contested"] = frozenset()
    return replace(position, **changes)


def set_up_choice(position: Position, prov: str, setup: str) -> Position:
    """The GM sets a choice unit up by hand (``F stp/sc``): it becomes that unit now."""
    from .choices import setup_unit

    prov = province_of(prov)
    if prov not in position.choices:
        raise EditError(f"there is no choice unit in {prov}")
    try:
        unit = setup_unit(position, prov, setup)
    except ValueError as e:
        raise EditError(str(e)) from None
    units = dict(position.units)
    units[prov] = unit
    choices = {p: c for p, c in position.choices.items() if p != prov}
    return replace(position, units=units, choices=choices)
