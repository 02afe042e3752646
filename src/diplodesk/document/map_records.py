"""The records of an editable map, and the values its edits and signals carry.

A province, a power and a start unit are frozen records (an edit replaces them, so the
journal can keep the old one); :class:`Patch` is one recorded edit, :class:`AdjacencyDiff`
what it did to adjacency and :class:`MapChange` what views are told. The small helpers
here name pairs and links the one canonical way round.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.board import province_of, split_location

__all__ = [
    "AdjacencyDiff",
    "MapChange",
    "MapEditError",
    "Patch",
    "PowerRecord",
    "ProvinceRecord",
    "StartUnit",
]

KINDS = ("land", "coast", "sea", "impassable")
LAND_KINDS = frozenset(("land", "coast"))
FLEET_KINDS = frozenset(("coast", "sea"))
UNITS = ("A", "F")
DEFAULT_VIEW_BOX = (0.0, 0.0, 2000.0, 1500.0)
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_]*$")
COAST_RE = re.compile(r"^[a-z]{1,3}$")
HEX = set("0123456789abcdefABCDEF")

Pair = tuple[str, str]
Link = tuple[str, str, str]  # (unit, a, b) with a < b; fleets name coasts: ("F", "bar", "stp/nc")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
KEEP: Any = _Missing()


class MapEditError(ValueError):
    """An edit that can't be made; the message says why in the user's terms."""


# -- records -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ProvinceRecord:
    id: str
    name: str
    kind: str  # land, coast, sea, impassable
    center: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def locations(self) -> tuple[str, ...]:
        return tuple(f"{self.id}/{c}" for c in self.coasts) if self.coasts else (self.id,)


@dataclass(frozen=True)
class PowerRecord:
    name: str
    adjective: str
    color: str


@dataclass(frozen=True)
class StartUnit:
    power: str
    type: str | None  # "A", "F", or None for a choice unit (its owner picks the type)
    at: str

    @property
    def choice(self) -> bool:
        return self.type is None


@dataclass(frozen=True)
class AdjacencyDiff:
    """Pairs that became adjacent or stopped being adjacent, per unit type."""

    army_added: tuple[Pair, ...] = ()
    army_removed: tuple[Pair, ...] = ()
    fleet_added: tuple[Pair, ...] = ()
    fleet_removed: tuple[Pair, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.army_added or self.army_removed or self.fleet_added or self.fleet_removed)

    def inverse(self) -> AdjacencyDiff:
        return AdjacencyDiff(self.army_removed, self.army_added, self.fleet_removed, self.fleet_added)

    def __str__(self) -> str:
        if self.empty:
            return "no change of adjacency"
        out = []
        for label, pairs in (("army +", self.army_added), ("army -", self.army_removed),
                             ("fleet +", self.fleet_added), ("fleet -", self.fleet_removed)):
            if pairs:
                out.append(f"{label} " + ", ".join(f"{a}-{b}" for a, b in pairs))
        return "; ".join(out)


@dataclass(frozen=True)
class Patch:
    """One recorded edit: every low-level write, in order, as (table, key, old, new)."""

    entries: tuple[tuple[str, Any, Any, Any], ...]
    diff: AdjacencyDiff = field(default_factory=AdjacencyDiff)
    provinces: frozenset[str] = frozenset()
    anchors: frozenset[str] = frozenset()
    setup: bool = False

    @property
    def empty(self) -> bool:
        return not self.entries


@dataclass(frozen=True)
class MapChange:
    """What the ``changed`` signal tells views: which provinces, anchors and setup changed."""

    provinces: frozenset[str]
    anchors: frozenset[str]
    setup: bool
    diff: AdjacencyDiff
    undone: bool = False


# -- geometry helpers ----------------------------------------------------------------------

# -- names -----------------------------------------------------------------------------------


def pair(a: str, b: str) -> Pair:
    """A province pair, the canonical way round."""
    return (a, b) if a < b else (b, a)


def link(unit: str, a: str, b: str) -> Link:
    """A link for ``"A"`` or ``"F"``, the canonical way round."""
    a, b = pair(a, b)
    return (unit, a, b)


def link_pair(lk: Link) -> Pair:
    """The provinces a link joins."""
    return pair(province_of(lk[1]), province_of(lk[2]))


def anchor_loc(key: str) -> tuple[str, str]:
    """``"unit-stp/nc"`` -> ``("unit", "stp/nc")``."""
    kind, _, loc = key.partition("-")
    return kind, loc


def can_stand(provinces: Mapping[str, ProvinceRecord], unit: str, loc: str) -> bool:
    """May an army (``"A"``) or fleet (``"F"``) stand at this location of these provinces?"""
    prov, coast = split_location(loc)
    r = provinces.get(prov)
    if r is None:
        return False
    if unit == "A":
        return r.kind in LAND_KINDS and coast is None
    if r.kind not in FLEET_KINDS:
        return False
    return (coast in r.coasts) if r.coasts else coast is None


def plain(v: Any) -> Any:
    """Tuples as lists and mappings as dicts, all the way down (as TOML reads back)."""
    if isinstance(v, Mapping):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [plain(x) for x in v]
    return v


def check_color(color: str) -> None:
    if not (isinstance(color, str) and len(color) == 7 and color[0] == "#" and set(color[1:]) <= HEX):
        raise MapEditError(f"{color!r} is not a colour like #1f4e9c")


def special_ok(d: Mapping[str, Any]) -> bool:
    """Does a special's data name as many provinces as its kind needs?"""
    kind = d.get("kind")
    if kind in ("difficult", "land_bridge"):
        return len(d.get("between") or []) == 2
    if kind == "canal":
        return bool(d.get("provinces")) and len(d.get("between") or []) == 2
    if kind == "railroad":
        return len(d.get("provinces") or []) >= 2
    if kind == "seasonal":
        return bool(d.get("provinces"))
    return True
