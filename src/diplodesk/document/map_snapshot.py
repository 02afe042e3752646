"""A plain, read-only picture of a map at one moment, for the checks to read.

The checks (:mod:`.map_checks`) look at a :class:`MapSnapshot`, never at the document, so
they don't depend on how the document keeps or journals its tables (and the document can
use the checks without an import circle). The snapshot holds the document's own shape
objects, so a checker's per-shape caches still hit after an edit that left a shape alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.board import Special
from ..geometry.svg_import import Decoration
from .map_records import (
    Link,
    Pair,
    PowerRecord,
    ProvinceRecord,
    StartUnit,
    link,
    pair,
)
from .map_records import can_stand as _can_stand

__all__ = ["MapSnapshot", "SupportsSnapshot", "as_snapshot"]


@dataclass(frozen=True)
class MapSnapshot:
    """The facts of a map the checks need: records, shapes, adjacency in force, setup."""

    variant_id: str
    view_box: tuple[float, float, float, float]
    span: float
    gap: float
    grid: float
    tiny: float
    min_area: float
    provinces: Mapping[str, ProvinceRecord]
    shapes: Mapping[str, BaseGeometry]
    coast_shapes: Mapping[str, BaseGeometry]
    anchors: Mapping[str, tuple[float, float]]
    decorations: Mapping[int, Decoration]
    border_lengths: Mapping[Pair, float]
    #: the links in force (from geometry, with the overrides applied)
    in_force: frozenset[Link]
    overrides: Mapping[Link, bool]
    powers: tuple[PowerRecord, ...]
    start_units: tuple[StartUnit, ...]
    specials: tuple[Special, ...]
    #: the variant's data as the engine reads it (``MapDocument.to_data(editor=False)``)
    data: Mapping[str, Any]

    @property
    def province_ids(self) -> list[str]:
        return sorted(self.provinces)

    def province(self, pid: str) -> ProvinceRecord:
        return self.provinces[pid]

    def has_province(self, pid: str) -> bool:
        return pid in self.provinces

    def shape(self, loc: str) -> BaseGeometry:
        """The shape of a province, or of a coast's side of a two-coast province."""
        g = self.coast_shapes.get(loc) if "/" in loc else self.shapes.get(loc)
        return g if g is not None else Polygon()

    def borders(self) -> Mapping[Pair, float]:
        return self.border_lengths

    def links(self, unit: str | None = None) -> set[Link]:
        """The adjacency in force, for one unit type or both."""
        return {k for k in self.in_force if unit is None or k[0] == unit}

    def adjacent(self, unit: str, a: str, b: str) -> bool:
        return link(unit, a, b) in self.in_force

    def can_stand(self, unit: str, loc: str) -> bool:
        """May an army (``"A"``) or fleet (``"F"``) stand at this location?"""
        return _can_stand(self.provinces, unit, loc)

    def shared_border(self, a: str, b: str) -> BaseGeometry:
        """The stretch of boundary two shapes share, measured as the document measures it."""
        sa, sb = self.shape(a), self.shape(b)
        if sa.is_empty or sb.is_empty:
            return LineString()
        a, b = pair(a, b)
        return shapely.intersection(shapely.boundary(self.shape(a)),
                                    shapely.buffer(self.shape(b), self.gap, quad_segs=2))


class SupportsSnapshot(Protocol):
    """Anything that can picture itself for the checks (the map document does)."""

    def snapshot(self) -> MapSnapshot: ...


def as_snapshot(m: MapSnapshot | SupportsSnapshot) -> MapSnapshot:
    return m if isinstance(m, MapSnapshot) else m.snapshot()
