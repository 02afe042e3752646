"""The board: provinces, coasts, and who may move where.

A *location* is a province id (``"lon"``) or, for a province with several coasts, a coast
of it (``"stp/nc"``). Armies move between provinces; fleets move between locations, so the
board keeps two adjacency graphs. Special borders and lines (difficult borders, seasonal
closures, railroads, canals, land bridges) are kept as data on the board; the rule modules
read them, the resolver core never names a variant.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"

    @property
    def long_name(self) -> str:
        return "Army" if self is UnitType.ARMY else "Fleet"


class ProvinceKind(StrEnum):
    LAND = "land"
    COAST = "coast"
    SEA = "sea"
    IMPASSABLE = "impassable"


def split_location(loc: str) -> tuple[str, str | None]:
    """``"stp/nc"`` -> ``("stp", "nc")``; ``"lon"`` -> ``("lon", None)``."""
    prov, _, coast = loc.partition("/")
    return prov, (coast or None)


def province_of(loc: str) -> str:
    return loc.partition("/")[0]


COAST_NAMES = {
    "nc": "north coast",
    "sc": "south coast",
    "ec": "east coast",
    "wc": "west coast",
}


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    kind: ProvinceKind
    center: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def locations(self) -> tuple[str, ...]:
        """Where a fleet can stand in this province."""
        if self.coasts:
            return tuple(f"{self.id}/{c}" for c in self.coasts)
        return (self.id,)


@dataclass(frozen=True)
class Special:
    """A special border or line: ``kind`` plus the fields that kind needs.

    Kinds: ``difficult`` (``between``), ``seasonal`` (``provinces``, ``seasons``),
    ``railroad`` (``provinces`` in line order, ``powers``), ``canal`` (``provinces``,
    ``between`` seas), ``land_bridge`` (``between``, ``units``).
    """

    kind: str
    fields: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.fields:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self.fields}}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Special:
        items = tuple(sorted((k, _freeze(v)) for k, v in data.items() if k != "kind"))
        return cls(str(data["kind"]), items)


def _freeze(v: Any) -> Any:
    if isinstance(v, list | tuple):
        return tuple(_freeze(x) for x in v)
    return v


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


@dataclass(frozen=True, eq=False)
class Board:
    """Provinces and adjacency. Build with :meth:`build`; treat as immutable."""

    provinces: Mapping[str, Province]
    army_adj: Mapping[str, frozenset[str]]
    fleet_adj: Mapping[str, frozenset[str]]
    specials: tuple[Special, ...] = ()
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def build(
        cls,
        provinces: Iterable[Province],
        army_pairs: Iterable[tuple[str, str]],
        fleet_pairs: Iterable[tuple[str, str]],
        specials: Iterable[Special] = (),
    ) -> Board:
        provs = {p.id: p for p in provinces}
        army: dict[str, set[str]] = {p: set() for p in provs}
        fleet: dict[str, set[str]] = {loc: set() for p in provs.values() for loc in p.locations}
        for a, b in army_pairs:
            army.setdefault(a, set()).add(b)
            army.setdefault(b, set()).add(a)
        for a, b in fleet_pairs:
            fleet.setdefault(a, set()).add(b)
            fleet.setdefault(b, set()).add(a)
        return cls(
            provs,
            {k: frozenset(v) for k, v in army.items()},
            {k: frozenset(v) for k, v in fleet.items()},
            tuple(specials),
        )

    # -- lookups -------------------------------------------------------------------------

    def province(self, loc: str) -> Province:
        return self.provinces[province_of(loc)]

    def is_location(self, loc: str) -> bool:
        prov, coast = split_location(loc)
        p = self.provinces.get(prov)
        return p is not None and (coast is None or coast in p.coasts)

    def can_stand(self, utype: UnitType, loc: str) -> bool:
        """May a unit of this type stand here (a fleet in a two-coast province needs a coast)?"""
        prov, coast = split_location(loc)
        p = self.provinces.get(prov)
        if p is None:
            return False
        if utype is UnitType.ARMY:
            return p.kind in (ProvinceKind.LAND, ProvinceKind.COAST) and coast is None
        if p.kind not in (ProvinceKind.COAST, ProvinceKind.SEA):
            return False
        if p.coasts:
            return coast in p.coasts
        return coast is None

    def adjacent(self, utype: UnitType, src: str, dst: str) -> bool:
        """Adjacency for a direct move: armies by province, fleets by exact location."""
        if utype is UnitType.ARMY:
            return province_of(dst) in self.army_adj.get(province_of(src), ())
        return dst in self.fleet_adj.get(src, ())

    def fleet_targets(self, src: str, dst_prov: str) -> list[str]:
        """The locations of ``dst_prov`` a fleet at ``src`` can move to directly."""
        return [loc for loc in self.provinces[dst_prov].locations if loc in self.fleet_adj.get(src, ())]

    def can_reach(self, utype: UnitType, src: str, dst_prov: str) -> bool:
        """Could the unit move into this province directly (any coast)?"""
        if utype is UnitType.ARMY:
            return dst_prov in self.army_adj.get(province_of(src), ())
        return bool(self.fleet_targets(src, dst_prov))

    @cached_property
    def sea_provinces(self) -> frozenset[str]:
        return frozenset(p.id for p in self.provinces.values() if p.kind is ProvinceKind.SEA)

    def is_sea(self, prov: str) -> bool:
        return self.provinces[prov].kind is ProvinceKind.SEA

    def is_coastal(self, prov: str) -> bool:
        return self.provinces[prov].kind is ProvinceKind.COAST

    @cached_property
    def province_neighbours(self) -> Mapping[str, frozenset[str]]:
        """Province-level neighbours by any unit type."""
        out: dict[str, set[str]] = {p: set(self.army_adj.get(p, ())) for p in self.provinces}
        for loc, others in self.fleet_adj.items():
            out.setdefault(province_of(loc), set()).update(province_of(o) for o in others)
        return {k: frozenset(v - {k}) for k, v in out.items()}

    @cached_property
    def centers(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.provinces.values() if p.center)

    @cached_property
    def center_set(self) -> frozenset[str]:
        """The centres as a set: asked of every unit at every build turn."""
        return frozenset(self.centers)

    def home_centers(self, power: str) -> tuple[str, ...]:
        key = ("home_centers", power)  # asked for every power at every build turn
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = tuple(p.id for p in self.provinces.values() if p.center and p.home == power)
        return hit

    def specials_of(self, kind: str) -> tuple[Special, ...]:
        return tuple(s for s in self.specials if s.kind == kind)

    def sea_path_exists(self, src: str, dst: str, seas: Iterable[str] | None = None) -> bool:
        """Is there a chain of sea provinces (all of them, or only ``seas``) from src to dst?

        Used to decide whether an army's move could ever be convoyed.
        """
        allowed = set(seas) if seas is not None else None
        start = [s for s in self.province_neighbours[src] if self.is_sea(s)]
        seen: set[str] = set()
        queue = deque(s for s in start if allowed is None or s in allowed)
        while queue:
            sea = queue.popleft()
            if sea in seen:
                continue
            seen.add(sea)
            for n in self.province_neighbours[sea]:
                if n == dst and n != src:
                    return True
                if n not in seen and self.is_sea(n) and (allowed is None or n in allowed):
                    queue.append(n)
        return False
