"""Why a click on the map gave no order: the rule that forbids it, in a line for the status
bar (the engine's legal orders say *that* a move is illegal; the GM wants to know *why*)."""

from __future__ import annotations

from ..engine.board import ProvinceKind, UnitType, province_of
from ..engine.borders import closed_provinces, is_difficult
from ..engine.position import Position


def why_no_move(position: Position, src: str, prov: str, what: str = "move") -> str:
    """Why the unit in ``src`` may not make a ``what`` into ``prov`` (a move, a retreat ...)."""
    board = position.board
    dislodged = position.dislodged.get(src) if what == "retreat" else None
    unit = dislodged.unit if dislodged is not None else position.units.get(src)
    info = board.provinces.get(prov)
    if unit is None or info is None:
        return f"{prov}: not a legal {what}"
    name, here = info.name, board.provinces[province_of(unit.loc)].name
    lead = f"{unit.type.value} {unit.loc} cannot {what} to {name}"
    if prov == province_of(unit.loc):
        return f"{lead}: it is there already"
    if prov in closed_provinces(board, position.phase.season):
        return f"{lead}: {name} is closed this season"
    if info.kind is ProvinceKind.IMPASSABLE:
        return f"{lead}: {name} is impassable"
    if unit.type is UnitType.ARMY and info.kind is ProvinceKind.SEA:
        return f"{lead}: an army cannot enter a sea"
    if unit.type is UnitType.FLEET and info.kind is ProvinceKind.LAND:
        return f"{lead}: a fleet cannot go inland"
    if unit.type is UnitType.FLEET and is_difficult(board, unit.loc, prov):
        return f"{lead}: only armies cross the difficult border"
    if not board.can_reach(unit.type, unit.loc, prov):
        if unit.type is UnitType.FLEET and prov in board.army_adj.get(province_of(unit.loc), ()):
            return f"{lead}: the coasts are not joined by sea"
        more = " (V: via convoy)" if unit.type is UnitType.ARMY and info.kind is ProvinceKind.COAST \
            and what == "move" else ""
        return f"{lead}: {name} does not border {here}{more}"
    if what == "retreat":
        return f"{lead}: a retreat may not go where the attack came from, nor where a stand-off left it empty"
    return f"{lead}: the rules of this phase forbid it"
