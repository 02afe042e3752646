"""Fishing (VII): fishing fleets built on coasts, moved to sea, and fishing for 1A each.

A fleet that is at sea at the start of a season and neither moved nor was built this season
may fish. It needs a delivery route, a chain of seas to a coast of its nation with at most
two seas between, and room in the sea (T13). When more fleets fish a sea than it holds, only
those that fished there last season may. An unfriendly military unit in the sea may deny it the
catch, and one that shares its province at the end of the season may destroy it (VII.5).
The numbers are the variant's (rules.toml ``fishing``, table T13).

A board may have *land-sea* provinces (the ``land-sea`` flag of the Provinces table): coastal
provinces with a sea half. A fleet there stands on the land half, and must move to the sea
half (``FF1 mo Gotl/sea``, written ``gotl/sea`` in the position) before it fishes the province
(VII.3); T13 may give the sea half its room.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..board import ProvinceKind, province_of
from ..tables import TableReader


@dataclass(frozen=True, slots=True)
class FF:
    id: str
    owner: str
    at: str
    built: str = ""
    fished: str | None = None  # the sea it fished last season

    @property
    def province(self) -> str:
        return province_of(self.at)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "owner": self.owner, "at": self.at, "built": self.built,
                "fished": self.fished}


LAND_SEA = "land-sea"  # the Provinces table's flag of a coastal province with a sea half (VII.3)


def sea_half(province: str) -> str:
    return f"{province}/sea"


@dataclass(frozen=True)
class FishingRules:
    default: int
    capacity: Mapping[str, int]
    catch: int  # A per fleet that fishes
    max_between: int  # seas between the fleet's sea and its nation's coast
    status: str = "provisional"
    land_sea: frozenset[str] = frozenset()  # provinces with a sea half (VII.3)

    def room(self, sea: str) -> int:
        return self.capacity.get(sea, self.default)

    def at_sea(self, board, at: str) -> bool:
        """Is a fleet at ``at`` on water it may fish: a sea, or a land-sea province's sea half?"""
        prov = province_of(at)
        return board.is_sea(prov) or (at == sea_half(prov) and prov in self.land_sea)


def read_fishing(rules: TableReader, t13: TableReader, seas: set[str],
                 land_sea: frozenset[str] = frozenset()) -> FishingRules:
    f = rules.section("fishing")
    cap = {}
    for sea, v in t13.section("capacity", required=False).items():
        if sea not in seas and sea not in land_sea:
            t13.bad(sea, "capacity", "not a sea province of the board, nor a land-sea one")
            continue
        cap[sea] = t13.whole(v, sea, "capacity")
    t13.known_keys({"default", "capacity"})
    return FishingRules(t13.number("default", 2), cap,
                        rules.whole(f.get("catch", 1), "fishing", "catch", 0),
                        rules.whole(f.get("max_between", 2), "fishing", "max_between", 0),
                        t13.meta.status, land_sea)


def delivers(board, sea: str, coasts: set[str], max_between: int,
             closed: frozenset[str] = frozenset()) -> bool:
    """Is there a chain of seas from ``sea`` to one of ``coasts`` with at most ``max_between``
    seas between, through none of the ``closed`` (blockaded) provinces (VII.6a)?"""
    if sea in closed:
        return False
    coasts = coasts - closed
    if sea in coasts:  # a land-sea province's sea half, off the nation's own coast (VII.3)
        return True
    frontier, seen = [sea], {sea} | set(closed)
    for _ in range(max_between + 1):
        nxt = []
        for s in frontier:
            around = board.province_neighbours.get(s, ())
            if any(c in coasts for c in around):
                return True
            for n in sorted(around):
                if n not in seen and board.provinces[n].kind is ProvinceKind.SEA:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return False
