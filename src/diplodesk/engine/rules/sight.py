"""Who owns what, and what a power sees whatever its units do (the Blind rule's fog).

The parts of the Blind rule that other rules read too: conditional orders are judged on
what the ordering power knows, and the engine tracks who owns land that is no centre.
They depend on the position only, so any module may use them without the report code.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..position import Position
from ..rulebook import BLIND


def active(position: Position) -> bool:
    return BLIND in position.all_rules


def homeland(position: Position, power: str) -> frozenset[str]:
    variant = position.variant
    land: tuple[str, ...] = ()
    for p in variant.powers:
        if p.name == power:
            land = p.land
    return frozenset(variant.board.home_centers(power)) | frozenset(land)


def land_owners(position: Position) -> dict[str, str]:
    """Owners of land that is no supply centre: from the position, else the homelands."""
    given = position.extra.get("land")
    if isinstance(given, dict):
        board = position.board
        return {
            prov: power
            for power, provs in given.items()
            if power in position.variant.power_names and isinstance(provs, list)
            for prov in provs
            if isinstance(prov, str) and prov in board.provinces
        }
    return {prov: p.name for p in position.variant.powers for prov in p.land}


def owner(position: Position, prov: str) -> str | None:
    if position.board.provinces[prov].center:
        return position.centers.get(prov)
    return land_owners(position).get(prov)


def owned(position: Position, power: str) -> set[str]:
    provs = {c for c, p in position.centers.items() if p == power}
    provs |= {prov for prov, p in land_owners(position).items() if p == power}
    return provs


def in_anarchy(position: Position, power: str) -> bool:
    anarchy = position.extra.get("anarchy")
    return isinstance(anarchy, list) and power in anarchy


def static_sight(position: Position, power: str) -> set[str]:
    """What a power sees before any unit's order counts: homeland, its borders, owned land."""
    if in_anarchy(position, power):
        return set()
    nbrs = position.board.province_neighbours
    home = homeland(position, power)
    seen = set(home)
    for h in home:
        if owner(position, h) == power:
            seen |= nbrs[h]
    seen |= owned(position, power)
    return seen


def sight(position: Position, power: str, holding: Iterable[str] = ()) -> set[str]:
    """Everything a power sees this phase; ``holding``: provinces of its units really
    ordered to hold or to support a hold."""
    if in_anarchy(position, power):
        return set()
    seen = static_sight(position, power)
    nbrs = position.board.province_neighbours
    for prov in holding:
        seen |= nbrs[prov] | {prov}
    return seen
